// The transactions page and its export through the portal at 1 000 000 transactions, and the
// first-load JavaScript of the main pages (issue 6's figures). The reference services run on a
// throwaway PostgreSQL when one can be started (PGlite returns rows about 20 times slower, which
// would measure the stand-in, not the portal), else on PGlite.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { benchPostgres, benchUpstream, percentile, portalSession, startPortal } from './harness';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 3198);
const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offset * 86_400_000));

/** Resident memory of a process now, in MB (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const postgres = await benchPostgres('bench', 'the benchmark');
  const { databaseUrl } = postgres;
  const seeded = performance.now();
  const upstream = await benchUpstream(TRANSACTIONS, databaseUrl);
  console.log(`seeded ${TRANSACTIONS} transactions on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
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
    // The page's realtime call alone, through the gateway route: the services' share of the page.
    const callRealtime = (input: object) =>
      fetch(`${portal.url}/api/gateway/realtimeTransactions`, {
        method: 'POST',
        headers: { ...headers, origin: portal.url, 'content-type': 'application/json' },
        body: JSON.stringify({ input: { limit: 10, page: 1, ...input } }),
      });
    const compactDay = (offset: number) => day(offset).replaceAll('-', '');
    const monthInput = { gmtPaymentFrom: `${compactDay(-29)}000000`, gmtPaymentTo: `${compactDay(0)}235959` };

    const month = `from=${day(-29)}&to=${day(0)}`;
    const year = `from=${day(-365)}&to=${day(0)}`;
    const probe = await callRealtime(monthInput);
    const { data } = (await probe.json()) as { data: { total: number; data: { merchant_no: string }[] } };
    const merchant = data.data[0]?.merchant_no ?? '';
    const deepPage = Math.ceil(data.total / 10);
    // Each scenario: the page, the same query as one gateway call, and the goal (issue 17).
    const scenarios: [string, string, object][] = [
      ['first page (today)', '/transaction/transactions', {}],
      ['filtered (merchant, VISA, 30 days)', `/transaction/transactions?${month}&merchant=${merchant}&paymentType=VISA`, { ...monthInput, merchant_no: merchant, payment_type: 'VISA' }],
      [`deep page (page ${deepPage} of 30 days)`, `/transaction/transactions?${month}&page=${deepPage}`, { ...monthInput, page: deepPage }],
      ['first page of a year', `/transaction/transactions?${year}`, { gmtPaymentFrom: `${compactDay(-365)}000000`, gmtPaymentTo: `${compactDay(0)}235959` }],
    ];
    const pages = [];
    for (const [scenario, path, input] of scenarios) {
      const page = await time(path);
      const call = await sample(() => callRealtime(input), scenario);
      const ms = (samples: number[], p: number) => `${percentile(samples, p).toFixed(1)} ms`;
      pages.push({ scenario, 'page p50': ms(page, 50), 'page p95': ms(page, 95), 'call p50': ms(call, 50), 'call p95': ms(call, 95), goal: 'page p95 < 150 ms' });
    }
    console.log(`\nTransactions page through the portal (server-rendered HTML, complete), admin, ${TRANSACTIONS} transactions, ${ROUNDS} rounds:`);
    console.table(pages);

    // The export on a portal process of its own, so that its memory is the export's, not the pages'.
    const exporter = await startPortal(upstream.url, PORT + 1);
    const exportHeaders = { cookie: await portalSession(exporter.url), 'sec-fetch-site': 'same-origin' };
    const exports = [];
    for (const format of ['csv', 'xlsx']) {
      const pid = exporter.process.pid ?? 0;
      const before = rssOf(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
      const t0 = performance.now();
      const response = await fetch(`${exporter.url}/api/export/transactions?format=${format}&id=${randomUUID()}&${year}`, { headers: exportHeaders });
      if (response.status !== 200 || !response.body) throw new Error(`export ${format}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
      let bytes = 0;
      for await (const chunk of response.body) bytes += chunk.byteLength;
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      const rows = Number(response.headers.get('x-export-total'));
      exports.push({ format, rows, goal: '>= 50 000 rows/s, peak < 200 MB', 'file MB': (bytes / 1e6).toFixed(1), seconds: seconds.toFixed(1), 'rows/s': Math.round(rows / seconds), 'portal RSS before MB': before.toFixed(0), 'portal peak RSS MB': peak.toFixed(0) });
    }
    exporter.stop();
    console.log('\nExport of a year of admin\'s transactions (366 days) through the portal:');
    console.table(exports);

    const firstLoad = [];
    for (const [path, signedIn, goal] of [['/login', false, '< 180 KB'], ['/dashboard/dashboard', true, '< 300 KB'], ['/transaction/transactions', true, '< 300 KB']] as const) {
      const html = await (await fetch(`${portal.url}${path}`, { headers: signedIn ? headers : {} })).text();
      // Next's legacy polyfills come as a `noModule` script, which browsers that run modules (all the
      // portal supports) never fetch; it is not part of what a user downloads.
      const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/\snoModule/i.test(m[0]));
      const scripts = [...new Set(tags.map((m) => m[1] ?? ''))];
      let raw = 0;
      let gzip = 0;
      for (const src of scripts) {
        const body = Buffer.from(await (await fetch(new URL(src, portal.url))).arrayBuffer());
        raw += body.length;
        gzip += gzipSync(body, { level: 9 }).length;
      }
      firstLoad.push({ path, scripts: scripts.length, 'raw KB': (raw / 1024).toFixed(0), 'gzip KB': (gzip / 1024).toFixed(0), goal });
    }
    console.log('\nFirst-load JavaScript (every script the page loads before any interaction):');
    console.table(firstLoad);
  } finally {
    portal.stop();
    await upstream.close();
    postgres.stop();
  }
}

void main();
