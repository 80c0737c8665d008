// The transactions page and its export through the portal at 1 000 000 transactions, and the
// first-load JavaScript of the main pages (issue 6's figures). The reference services run on a
// throwaway PostgreSQL when one can be started (PGlite returns rows about 20 times slower, which
// would measure the stand-in, not the portal), else on PGlite.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres';
import { benchUpstream, percentile, portalSession, startPortal } from './harness';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PORT = 3198;
const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offset * 86_400_000));

/** Resident memory of a process now, in MB (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const postgres = await startThrowawayPostgres('the benchmark');
  let databaseUrl: string | undefined;
  if (postgres) {
    const admin = new Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    databaseUrl = postgres.adminUrl.replace(/\/postgres$/, '/bench');
  }
  const seeded = performance.now();
  const upstream = await benchUpstream(TRANSACTIONS, databaseUrl);
  console.log(`seeded ${TRANSACTIONS} transactions on ${postgres ? 'PostgreSQL' : 'PGlite'} in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  const portal = await startPortal(upstream.url, PORT);
  try {
    const cookie = await portalSession(portal.url);
    const headers = { cookie, 'sec-fetch-site': 'same-origin' };
    const get = (path: string) => fetch(`${portal.url}${path}`, { headers });
    const time = async (path: string) => {
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS + 5; i++) {
        const t0 = performance.now();
        const response = await get(path);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
        if (i >= 5) samples.push(performance.now() - t0);
      }
      return samples;
    };

    const month = `from=${day(-29)}&to=${day(0)}`;
    const year = `from=${day(-365)}&to=${day(0)}`;
    const probe = await fetch(`${portal.url}/api/gateway/realtimeTransactions`, {
      method: 'POST',
      headers: { ...headers, origin: portal.url, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { limit: 10, page: 1, gmtPaymentFrom: `${day(-29).replaceAll('-', '')}000000`, gmtPaymentTo: `${day(0).replaceAll('-', '')}235959` } }),
    });
    const { data } = (await probe.json()) as { data: { total: number; data: { merchant_no: string }[] } };
    const merchant = data.data[0]?.merchant_no ?? '';
    const scenarios = {
      'first page (today)': '/transaction/transactions',
      'filtered (merchant, VISA, 30 days)': `/transaction/transactions?${month}&merchant=${merchant}&paymentType=VISA`,
      [`deep page (page ${Math.ceil(data.total / 10)} of 30 days)`]: `/transaction/transactions?${month}&page=${Math.ceil(data.total / 10)}`,
      'first page of a year': `/transaction/transactions?${year}`,
    };
    const pages = [];
    for (const [scenario, path] of Object.entries(scenarios)) {
      const samples = await time(path);
      pages.push({ scenario, p50: `${percentile(samples, 50).toFixed(1)} ms`, p95: `${percentile(samples, 95).toFixed(1)} ms` });
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
      exports.push({ format, rows, 'file MB': (bytes / 1e6).toFixed(1), seconds: seconds.toFixed(1), 'rows/s': Math.round(rows / seconds), 'portal RSS before MB': before.toFixed(0), 'portal peak RSS MB': peak.toFixed(0) });
    }
    exporter.stop();
    console.log('\nExport of a year of admin\'s transactions (366 days) through the portal:');
    console.table(exports);

    const firstLoad = [];
    for (const [path, signedIn] of [['/login', false], ['/dashboard/dashboard', true], ['/transaction/transactions', true]] as const) {
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
      firstLoad.push({ path, scripts: scripts.length, 'raw KB': (raw / 1024).toFixed(0), 'gzip KB': (gzip / 1024).toFixed(0) });
    }
    console.log('\nFirst-load JavaScript (every script the page loads before any interaction):');
    console.table(firstLoad);
  } finally {
    portal.stop();
    await upstream.close();
    postgres?.stop();
  }
}

void main();
