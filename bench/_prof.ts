import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres';
import { benchUpstream, portalSession, startPortal } from './harness';
async function main() {
  const pg = await startThrowawayPostgres('prof');
  const admin = new Client({ connectionString: pg!.adminUrl }); await admin.connect(); await admin.query('CREATE DATABASE bench'); await admin.end();
  const up = await benchUpstream(200000, pg!.adminUrl.replace(/\/postgres$/, '/bench'));
  const portal = await startPortal(up.url, 3196, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']);
  const cookie = await portalSession(portal.url);
  const day = (o: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(new Date(Date.now() + o * 86400000));
  for (const format of (process.argv[2] ?? 'xlsx').split(',')) {
    const t0 = performance.now();
    const r = await fetch(`${portal.url}/api/transactions/export?format=${format}&id=${randomUUID()}&from=${day(-365)}&to=${day(0)}`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    let bytes = 0; for await (const c of r.body!) bytes += c.byteLength;
    console.log(format, r.status, bytes, ((performance.now() - t0) / 1000).toFixed(1), 's');
  }
  portal.process.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 3000));
  await up.close(); pg!.stop(); process.exit(0);
}
void main();
