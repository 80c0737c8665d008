// Reference-service figures: seed time, and the realtime transaction list over HTTP (first page,
// a filtered page, a deep page) at 200 000 and 1 000 000 transactions, side by side.
import { performance } from 'node:perf_hooks';
import { addDays, toCompactDay, wallClock } from '../lib/format/date';
import { sealPayload } from '../lib/wire/envelope';
import type { UpstreamConfig } from '../upstream/config';
import { startUpstream } from '../upstream/server';

const KEY = 'bench-payload-key-0123456789';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SIZES = (process.env.BENCH_SIZES ?? '200000,1000000').split(',').map(Number);

const config = (): UpstreamConfig => ({
  port: 0, host: '127.0.0.1', dataDir: ':memory:', payloadKey: KEY, version: '4.4.9', mode: 'test', portalUrl: 'http://portal.bench',
  tokenTtlMinutes: 720, resetLinkMinutes: 5, lockoutFailures: 10, lockoutMinutes: 30, maxInputBytes: 65536, exportPageRows: 5000,
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export async function benchUpstream() {
  const rows: Record<string, string>[] = [];
  for (const size of SIZES) {
    const started = performance.now();
    const upstream = await startUpstream(config(), { seedTransactions: size, log: () => {} });
    const seedSeconds = (performance.now() - started) / 1000;
    const post = async (path: string, input: object, token?: string) =>
      fetch(`${upstream.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-eftpay-token': token } : {}) }, body: JSON.stringify({ en: sealPayload(input, KEY) }) });
    const login = (await (await post('/sso/api/v1/login', { username: 'admin', password: 'Portal#2026' })).json()) as [{ xEftpayToken: string }];
    const token = login[0].xEftpayToken;
    const [merchant] = await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY 1 LIMIT 1");
    const [{ n: todayCount } = { n: 0 }] = await upstream.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM transactions WHERE customer_no = 'C0001' AND gmt_payment >= (SELECT anchor_day FROM seed_info)",
    );
    const today = wallClock().day;
    const scenarios: [string, object][] = [
      ['first page (today)', { limit: 10, page: 1 }],
      ['filtered (merchant, VISA, 7 days)', { limit: 10, page: 1, merchant_no: merchant?.merchant_no, payment_type: 'VISA', gmtPaymentFrom: `${toCompactDay(addDays(today, -6))}000000`, gmtPaymentTo: `${toCompactDay(today)}235959` }],
      ['deep page (last of today)', { limit: 10, page: Math.max(1, Math.ceil(todayCount / 10)) }],
    ];
    for (const [name, input] of scenarios) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS + 5; i++) {
        const en = encodeURIComponent(sealPayload(input, KEY));
        const t0 = performance.now();
        const response = await fetch(`${upstream.url}/api/Transaction/AsyncGetTransRealtime?en=${en}`, { headers: { 'x-eftpay-token': token } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status}`);
        if (i >= 5) times.push(performance.now() - t0);
      }
      rows.push({ size: size.toLocaleString('en'), scenario: name, p50: `${percentile(times, 50).toFixed(1)} ms`, p95: `${percentile(times, 95).toFixed(1)} ms` });
    }
    rows.push({ size: size.toLocaleString('en'), scenario: 'seed (create, migrate, seed)', p50: `${seedSeconds.toFixed(1)} s`, p95: '' });
    await upstream.close();
  }
  console.log('\nReference services: realtime transaction list over HTTP (admin, PGlite in memory)');
  console.table(rows);
}

if (require.main === module) void benchUpstream();
