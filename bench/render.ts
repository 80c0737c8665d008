// The server render's cost per page, as CPU time of the portal's process per request (user plus
// system, from /proc), so that the figure holds on a machine other work shares; wall-clock p50/p95
// beside it. This is what bounds the soak (issue 16) and the pages' p95 (issue 17): a render-bound
// portal serves at most cores × 1000 / (CPU ms per render) pages a second.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { benchUpstream, percentile, portalSession, startPortal } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 3197);
const PAGES = ['/login', '/dashboard/dashboard', '/transaction/transactions', '/merchant/stores', '/notifications'];

/** CPU milliseconds the process has used so far (utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  const upstream = await benchUpstream(20_000);
  const portal = await startPortal(upstream.url, PORT);
  try {
    const cookie = await portalSession(portal.url);
    const pid = portal.process.pid ?? 0;
    const rows = [];
    for (const path of PAGES) {
      const headers: Record<string, string> = path === '/login' ? {} : { cookie };
      const get = async () => {
        const response = await fetch(`${portal.url}${path}`, { headers, redirect: 'manual' });
        const bytes = (await response.arrayBuffer()).byteLength;
        if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
        return bytes;
      };
      for (let i = 0; i < 10; i++) await get();
      const times: number[] = [];
      let html = 0;
      const cpu0 = cpuMs(pid);
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        html = await get();
        times.push(performance.now() - t0);
      }
      const cpu = (cpuMs(pid) - cpu0) / ROUNDS;
      rows.push({ page: path, 'portal CPU ms / render': cpu.toFixed(1), 'p50 ms': percentile(times, 50).toFixed(0), 'p95 ms': percentile(times, 95).toFixed(0), 'HTML KB': (html / 1024).toFixed(0) });
    }
    console.log(`Server render per page, ${ROUNDS} serial requests each after 10 to warm up (services in this process on PGlite, 20 000 transactions):`);
    console.table(rows);
  } finally {
    portal.stop();
    await upstream.close();
  }
}

void main();
