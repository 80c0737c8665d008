// `npm run bench -- scale`: the portal at the demo's size and at the large profile side by side
// (issue 29: a chain customer of 1 000 stores and 5 000 terminals, a partner of 200 customers).
// For each profile: the services seeded with the same transactions on a throwaway PostgreSQL (else
// PGlite), a portal process of their own, and, for the chain's administrator and the partner, each
// list page's HTML size and p95, the filter choices' first page and a typed search, the dashboard's
// and smart tips' p95, the dashboard PDF's time and the month's export in rows/s. Goal: the large
// profile within 1.5 times the demo on every figure.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { SEED_PROFILES, type SeedProfile } from '../upstream/seed/scale';
import { benchPostgres, benchUpstream, percentile, portalSession, startPortal } from './harness';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3197);
const GOAL = 1.5;
const day = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + offset * 86_400_000));

/** The list screens whose filters or rows grow with stores, terminals and customers. */
const LISTS = [
  '/transaction/transactions',
  '/transaction/settles',
  '/transaction/reconciliation',
  '/merchant/merchants',
  '/merchant/payments',
  '/merchant/stores',
  '/transaction/refundRequest',
];

type Figures = Map<string, number>;

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; gzip: number; status: number }> {
  const t0 = performance.now();
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { ms: performance.now() - t0, bytes: body.length, gzip: gzipSync(body).length, status: response.status };
}

/** p95 of ROUNDS requests after two warm-ups, and the answer's size. */
async function measure(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 2; i++) await timed(url, headers);
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await timed(url, headers));
  const bad = runs.find((r) => r.status !== 200);
  if (bad) throw new Error(`${url}: HTTP ${bad.status}`);
  return { p95: percentile(runs.map((r) => r.ms), 95), bytes: runs[0]?.bytes ?? 0, gzip: runs[0]?.gzip ?? 0 };
}

async function profileFigures(profile: SeedProfile): Promise<Figures> {
  const postgres = await benchPostgres(`bench_scale_${profile}`, 'the scale benchmark');
  const seeded = performance.now();
  const upstream = await benchUpstream(TRANSACTIONS, postgres.databaseUrl, SEED_PROFILES[profile]);
  console.log(`${profile}: ${TRANSACTIONS} transactions seeded on ${upstream.db.kind} in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  const portal = await startPortal(upstream.url, PORT);
  const figures: Figures = new Map();
  try {
    for (const account of ['admin', 'partner@demo.test']) {
      const who = account === 'admin' ? 'chain admin' : 'partner';
      const headers = { cookie: await portalSession(portal.url, account), 'sec-fetch-site': 'same-origin' };
      for (const path of [...LISTS, '/dashboard/dashboard', '/transaction/smartTips']) {
        const page = await measure(`${portal.url}${path}`, headers);
        figures.set(`${who} ${path} p95 ms`, page.p95);
        figures.set(`${who} ${path} HTML KB gzip`, page.gzip / 1024);
      }
      for (const source of ['merchants', 'stores', 'terminals', ...(account === 'admin' ? [] : ['customers'])]) {
        const first = await measure(`${portal.url}/api/choices/${source}`, headers);
        figures.set(`${who} ${source} choices KB`, first.bytes / 1024);
        figures.set(`${who} ${source} choices p95 ms`, first.p95);
      }
      figures.set(`${who} store search "Sha Tin 1" p95 ms`, (await measure(`${portal.url}/api/choices/stores?q=Sha%20Tin%201`, headers)).p95);
      const pdf = await timed(`${portal.url}/pdf-download-dashboard`, headers);
      if (pdf.status !== 200) throw new Error(`PDF: HTTP ${pdf.status}`);
      figures.set(`${who} dashboard PDF ms`, pdf.ms);
      // A day's export first: the month's figure is the export's, not the first run of its code.
      for await (const chunk of (await fetch(`${portal.url}/api/export/transactions?format=csv&id=${randomUUID()}&from=${day(0)}&to=${day(0)}`, { headers })).body ?? []) void chunk;
      const month = await fetch(`${portal.url}/api/export/transactions?format=csv&id=${randomUUID()}&from=${day(-30)}&to=${day(0)}`, { headers });
      const t0 = performance.now();
      if (month.status !== 200 || !month.body) throw new Error(`export: HTTP ${month.status}`);
      for await (const chunk of month.body) void chunk;
      figures.set(`${who} month export rows/s`, Number(month.headers.get('x-export-total')) / ((performance.now() - t0) / 1000));
    }
  } finally {
    await portal.stop();
    await upstream.close();
    postgres.stop();
  }
  return figures;
}

async function main() {
  const demo = await profileFigures('demo');
  const large = await profileFigures('large');
  const higherIsBetter = (name: string) => name.endsWith('rows/s');
  const rows = [...demo.keys()].map((name) => {
    const [d, l] = [demo.get(name) ?? NaN, large.get(name) ?? NaN];
    const ratio = higherIsBetter(name) ? d / l : l / d;
    return { figure: name, demo: Number(d.toFixed(1)), large: Number(l.toFixed(1)), 'large / demo': Number(ratio.toFixed(2)), [`within ${GOAL}x`]: ratio <= GOAL ? 'yes' : 'NO' };
  });
  console.table(rows);
  console.log(`${rows.filter((r) => r['large / demo'] <= GOAL).length} of ${rows.length} figures within ${GOAL}x; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${navigator.hardwareConcurrency} cores`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
