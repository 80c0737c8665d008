// The transactions page and its export through the portal at 1 000 000 transactions (issue 6's
// figures), the two settlement lists and the largest settlement file's download (issue 11's), and
// the first-load JavaScript of the main pages. The reference services run on a
// throwaway PostgreSQL when one can be started (PGlite returns rows about 20 times slower, which
// would measure the stand-in, not the portal), else on PGlite.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { reconciliationList } from '../lib/lists/reconciliation';
import { benchPostgres, benchUpstream, EXTRA_NODE_ARGS, firstLoad, heapSpaceMb, percentile, portalSession, startBareNext, startPortal } from './harness';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 3198);
/** `--export-only`: the seed and the year's export alone (the pages, settlement lists and first-load figures are skipped). */
const EXPORT_ONLY = process.argv.includes('--export-only');
/** `--cpu-prof=DIR`: the exporting portal writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const CPU_PROF = process.argv.find((a) => a.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length);
const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offset * 86_400_000));

/** Resident memory of a process now, in MB (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A download from a process, read to its end: its bytes, seconds, and the process's resident memory before it and at its peak. */
async function download(pid: number, url: string, headers: Record<string, string> = {}) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  try {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    if (response.status !== 200 || !response.body) throw new Error(`${url}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.byteLength;
    return { response, bytes, seconds: (performance.now() - t0) / 1000, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/** A download's row of the export table. */
const figureOf = (format: string, rows: number, goal: string, { bytes, seconds, before, peak }: Awaited<ReturnType<typeof download>>) => ({
  format, rows, goal, 'file MB': (bytes / 1e6).toFixed(1), seconds: seconds.toFixed(1), 'rows/s': Math.round(rows / seconds), 'RSS before MB': before.toFixed(0), 'peak RSS MB': peak.toFixed(0),
});

/**
 * Exports through a portal process of their own, so that its memory is the exports', not the pages'
 * (one after the other on the same process, as a user would): each path's rows, file size, time,
 * rows/s and the process's resident memory before it and at its peak, beside the goal.
 */
async function exportFigures(upstreamUrl: string, port: number, goal: string, paths: [label: string, path: string][], nodeArgs: string[] = []) {
  const exporter = await startPortal(upstreamUrl, port, nodeArgs);
  try {
    const headers = { cookie: await portalSession(exporter.url), 'sec-fetch-site': 'same-origin' };
    const figures = [];
    for (const [label, path] of paths) {
      const downloaded = await download(exporter.process.pid ?? 0, `${exporter.url}${path}`, headers);
      // V8 doubles its young generation once enough has survived its collections over the process's
      // life, from any traffic: printed so that a peak can be read as the export's or as that step.
      figures.push({ ...figureOf(label, Number(downloaded.response.headers.get('x-export-total')), goal, downloaded), 'young gen. MB after': (await heapSpaceMb(exporter.url, 'new')).toFixed(0) });
    }
    return figures;
  } finally {
    await exporter.stop();
  }
}

/**
 * The floor beside the export: a bare Next.js app (the portal's node flags, nothing of the portal)
 * streaming as many lines of the same width, made as strings as the reader asks, on a fresh process.
 */
async function bareDownloadFigures(port: number, rows: number, bytes: number) {
  const bare = await startBareNext(port);
  try {
    return figureOf('bare Next.js, the same lines', rows, 'reference', await download(bare.process.pid ?? 0, `${bare.url}/api/rows?rows=${rows}&width=${Math.round(bytes / rows)}`));
  } finally {
    await bare.stop();
  }
}

/** The year's export (issue 6's and 17's figures), CSV then xlsx on one portal process, after a day's export. */
async function yearExport(upstreamUrl: string) {
  const year = `from=${day(-365)}&to=${day(0)}`;
  const nodeArgs = [...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []), ...EXTRA_NODE_ARGS];
  console.log(`\nExport of a year of admin's transactions (366 days) through the portal${CPU_PROF ? ` (CPU profile in ${CPU_PROF})` : ''}${EXTRA_NODE_ARGS.length ? ` with ${EXTRA_NODE_ARGS.join(' ')}` : ''}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}:`);
  // A fresh process touches its young generation's pages on its first sustained allocation: a day's
  // file first, so that the year's figures are not that step, printed beside it.
  const first: [string, string] = ['csv, a day, the first export', `/api/export/transactions?format=csv&id=${randomUUID()}&from=${day(-1)}&to=${day(-1)}`];
  // The CSV again after the xlsx: on a process whose young generation has grown, as a long-running one's has.
  const years = ['csv', 'xlsx', 'csv'].map((format, i): [string, string] => [i === 2 ? 'csv, again' : format, `/api/export/transactions?format=${format}&id=${randomUUID()}&${year}`]);
  const figures = await exportFigures(upstreamUrl, PORT + 1, '>= 50 000 rows/s, peak < 200 MB', [first, ...years], nodeArgs);
  const csv = figures[1];
  const bare = csv ? [await bareDownloadFigures(PORT + 2, csv.rows, Number(csv['file MB']) * 1e6)] : [];
  console.table([...figures, ...bare]);
}

async function main() {
  const postgres = await benchPostgres('bench', 'the benchmark');
  const { databaseUrl } = postgres;
  const seeded = performance.now();
  const upstream = await benchUpstream(TRANSACTIONS, databaseUrl);
  console.log(`seeded ${TRANSACTIONS} transactions on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  if (EXPORT_ONLY) {
    try {
      await yearExport(upstream.url);
    } finally {
      await upstream.close();
      postgres.stop();
    }
    return;
  }
  const portal = await startPortal(upstream.url, PORT);
  try {
    const cookie = await portalSession(portal.url);
    const headers = { cookie, 'sec-fetch-site': 'same-origin' };
    const get = (path: string) => fetch(`${portal.url}${path}`, { headers });
    const sample = async (send: () => Promise<Response>, what: string) => {
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS + 5; i++) {
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${what}: HTTP ${response.status}`);
        if (i >= 5) samples.push(performance.now() - t0);
      }
      return samples;
    };
    const time = (path: string) => sample(() => get(path), path);
    // A list's call alone (10 rows of page 1 unless the input says otherwise), through the gateway
    // route as the browser makes it: the services' share of the page.
    const callList = (call: string, input: object) =>
      fetch(`${portal.url}/api/gateway/${call}`, {
        method: 'POST',
        headers: { ...headers, origin: portal.url, 'content-type': 'application/json' },
        body: JSON.stringify({ input: { limit: 10, page: 1, ...input } }),
      });
    const answerOf = async <T>(call: string, input: object): Promise<T> => {
      const response = await callList(call, input);
      if (response.status !== 200) throw new Error(`${call}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
      return ((await response.json()) as { data: T }).data;
    };
    // Each scenario: the page, the same query as one gateway call, and the goal (issues 11 and 17).
    const pageFigures = async (call: string, scenarios: [scenario: string, path: string, input: object][]) => {
      const figures = [];
      for (const [scenario, path, input] of scenarios) {
        const page = await time(path);
        const answer = await sample(() => callList(call, input), scenario);
        const ms = (samples: number[], p: number) => `${percentile(samples, p).toFixed(1)} ms`;
        figures.push({ scenario, 'page p50': ms(page, 50), 'page p95': ms(page, 95), 'call p50': ms(answer, 50), 'call p95': ms(answer, 95), goal: 'page p95 < 150 ms' });
      }
      return figures;
    };
    const compactDay = (offset: number) => day(offset).replaceAll('-', '');
    /** The first and last instant of the last `days` days including today, as the calls take them. */
    const bounds = (days: number) => [`${compactDay(1 - days)}000000`, `${compactDay(0)}235959`] as const;
    const [monthFrom, monthTo] = bounds(30);
    const [yearFrom, yearTo] = bounds(366);
    const monthInput = { gmtPaymentFrom: monthFrom, gmtPaymentTo: monthTo };

    const month = `from=${day(-29)}&to=${day(0)}`;
    const year = `from=${day(-365)}&to=${day(0)}`;
    const data = await answerOf<{ total: number; data: { merchant_no: string }[] }>('realtimeTransactions', monthInput);
    const merchant = data.data[0]?.merchant_no ?? '';
    const deepPage = Math.ceil(data.total / 10);
    const pages = await pageFigures('realtimeTransactions', [
      ['first page (today)', '/transaction/transactions', {}],
      ['filtered (merchant, VISA, 30 days)', `/transaction/transactions?${month}&merchant=${merchant}&paymentType=VISA`, { ...monthInput, merchant_no: merchant, payment_type: 'VISA' }],
      [`deep page (page ${deepPage} of 30 days)`, `/transaction/transactions?${month}&page=${deepPage}`, { ...monthInput, page: deepPage }],
      ['first page of a year', `/transaction/transactions?${year}`, { gmtPaymentFrom: yearFrom, gmtPaymentTo: yearTo }],
    ]);
    console.log(`\nTransactions page through the portal (server-rendered HTML, complete), admin, ${TRANSACTIONS} transactions, ${ROUNDS} rounds:`);
    console.table(pages);

    // The settlement lists (issue 11): the first page as the menu opens it (the last 30 days), one
    // merchant and one payment type or wallet over a year (the longest span), and a year's last page.
    // Each call's input is what the list's source (lib/settlements/sources.ts) sends for that URL.
    type Listed = { totalPage: number; data: Record<string, string | number>[] };
    const fileMonth = { sort: 'settledate', order: 'desc', settleDateFrom: monthFrom, settleDateTo: monthTo };
    const fileYear = { ...fileMonth, settleDateFrom: yearFrom, settleDateTo: yearTo };
    const files = await answerOf<Listed>('settlementFiles', fileYear);
    const fileFilter = { merchant: String(files.data[0]?.merchant_no ?? ''), paymentType: String(files.data[0]?.payment_type ?? 'VISA') };
    console.log(`\nReconciliation (settlement files) through the portal, admin, ${ROUNDS} rounds:`);
    console.table(
      await pageFigures('settlementFiles', [
        ['first page (30 days)', '/transaction/reconciliation', fileMonth],
        [`filtered (merchant, ${fileFilter.paymentType}, 366 days)`, `/transaction/reconciliation?${year}&${new URLSearchParams(fileFilter)}`, { ...fileYear, merchant_no: fileFilter.merchant, payment_type: fileFilter.paymentType }],
        [`deep page (page ${files.totalPage} of 366 days)`, `/transaction/reconciliation?${year}&page=${files.totalPage}`, { ...fileYear, page: files.totalPage }],
      ]),
    );
    const remitMonth = { sort: 'reconciliation_date', order: 'desc', reconDateFrom: monthFrom, reconDateTo: monthTo };
    const remitYear = { ...remitMonth, reconDateFrom: yearFrom, reconDateTo: yearTo };
    const remittances = await answerOf<Listed>('remittances', remitYear);
    const remitFilter = { merchant: String(remittances.data[0]?.merchant_no ?? ''), wallet: String(remittances.data[0]?.wallet ?? 'CARD') };
    console.log(`\nFund settlement (remittances) through the portal, admin, ${ROUNDS} rounds:`);
    console.table(
      await pageFigures('remittances', [
        ['first page (30 days)', '/transaction/settles', remitMonth],
        [`filtered (merchant, ${remitFilter.wallet}, 366 days)`, `/transaction/settles?${year}&${new URLSearchParams(remitFilter)}`, { ...remitYear, merchant_no: remitFilter.merchant, wallet: remitFilter.wallet }],
        [`deep page (page ${remittances.totalPage} of 366 days)`, `/transaction/settles?${year}&page=${remittances.totalPage}`, { ...remitYear, page: remittances.totalPage }],
      ]),
    );

    await yearExport(upstream.url);

    // The largest settlement file admin can see in a year, downloaded by the URL its drawer builds
    // (components/list-kit/DetailRowsSection.tsx and ExportButton.tsx).
    const [largest] = (await answerOf<Listed>('settlementFiles', { ...fileYear, sort: 'total_count', limit: 1 })).data;
    const download = reconciliationList.detailRows?.find((section) => section.exportList);
    if (!largest || !download?.exportList) throw new Error('no settlement file to download');
    const fileParams = Object.entries(download.exportFilters ?? {}).map(([key, field]) => [key, String(largest[field])]);
    const fileUrl = (format: string) =>
      `/api/export/${download.exportList}?${new URLSearchParams([...fileParams, ['format', format], ['id', randomUUID()], ['columns', download.columns.map((c) => c.id).join(',')]])}`;
    console.log(`\nDownload of the largest settlement file (${largest.file_name}, ${largest.total_count} transactions) through the portal:`);
    console.table(await exportFigures(upstream.url, PORT + 2, 'none set (issue 11)', ['csv', 'xlsx'].map((format) => [format, fileUrl(format)])));

    const loads = [];
    const signedInPages = ['/dashboard/dashboard', '/transaction/transactions', '/transaction/settles', '/merchant/stores', '/log/activityLog'];
    for (const [path, signedIn, goal] of [['/login', false, '< 180 KB'], ...signedInPages.map((page) => [page, true, '< 300 KB'] as const)] as const) {
      const { scripts, raw, gzip, sent } = await firstLoad(portal.url, signedIn ? headers : {}, path);
      loads.push({ path, scripts, 'raw KB': (raw / 1024).toFixed(0), 'gzip KB': (gzip / 1024).toFixed(0), 'sent KB (br)': (sent / 1024).toFixed(0), goal });
    }
    console.log('\nFirst-load JavaScript (every script the page loads before any interaction):');
    console.table(loads);
  } finally {
    portal.stop();
    await upstream.close();
    postgres.stop();
  }
}

void main();
