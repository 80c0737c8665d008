// The server render's cost per page, as CPU time of the portal's process per request (user plus
// system, from /proc), so that the figure holds on a machine other work shares; wall-clock p50/p95
// beside it. This is what bounds the soak (issue 16) and the pages' p95 (issue 17): a render-bound
// portal serves at most cores × 1000 / (CPU ms per render) pages a second.
//
// `npm run bench -- render --base=/path/to/other/checkout` renders each page alternately on that
// checkout's build and on this one, request by request, so that both meet the same neighbours on a
// shared machine: an A/B whose difference is trustworthy where two runs minutes apart are not.
// With `--node-args="..."` (and `--base=.`) the A/B weighs a node flag on the same build.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BASE_CHECKOUT, benchUpstream, EXTRA_NODE_ARGS, percentile, portalSession, startPortal, type BenchPortal } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 3197);
const PAGES = ['/login', '/dashboard/dashboard', '/transaction/transactions', '/merchant/stores', '/notifications'];

/** CPU milliseconds the process has used so far (utime + stime, in clock ticks of 10 ms). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Target {
  name: string;
  portal: BenchPortal;
  cookie: string;
  times: number[];
  cpu: number;
  html: number;
}

async function render(target: Target, path: string) {
  const headers: Record<string, string> = path === '/login' ? {} : { cookie: target.cookie };
  const response = await fetch(`${target.portal.url}${path}`, { headers, redirect: 'manual' });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`${target.name} ${path}: HTTP ${response.status}`);
  return bytes;
}

async function main() {
  const upstream = await benchUpstream(20_000);
  const portals = BASE_CHECKOUT ? [{ name: 'base', root: BASE_CHECKOUT }, { name: 'this', root: process.cwd() }] : [{ name: 'this', root: process.cwd() }];
  const targets: Target[] = [];
  try {
    for (const [i, { name, root }] of portals.entries()) {
      const portal = await startPortal(upstream.url, PORT + i, name === 'this' ? EXTRA_NODE_ARGS : [], root);
      targets.push({ name, portal, cookie: await portalSession(portal.url), times: [], cpu: 0, html: 0 });
    }
    const rows = [];
    for (const path of PAGES) {
      for (const target of targets) for (let i = 0; i < 10; i++) await render(target, path);
      // Each process's whole CPU time over the loop: work it finishes after answering counts too.
      for (const target of targets) Object.assign(target, { times: [], cpu: -cpuMs(target.portal.process.pid ?? 0) });
      for (let i = 0; i < ROUNDS; i++) {
        // One request to each build in turn: whatever else the machine does falls on both alike.
        for (const target of targets) {
          const t0 = performance.now();
          target.html = await render(target, path);
          target.times.push(performance.now() - t0);
        }
      }
      for (const target of targets) target.cpu += cpuMs(target.portal.process.pid ?? 0);
      for (const target of targets) {
        rows.push({ build: target.name, page: path, 'portal CPU ms / render': (target.cpu / ROUNDS).toFixed(1), 'p50 ms': percentile(target.times, 50).toFixed(0), 'p95 ms': percentile(target.times, 95).toFixed(0), 'HTML KB': (target.html / 1024).toFixed(0) });
      }
    }
    console.log(`Server render per page, ${ROUNDS} serial requests each after 10 to warm up (services in this process on PGlite, 20 000 transactions)${BASE_CHECKOUT ? `; base = ${BASE_CHECKOUT}, requests alternated` : ''}:`);
    console.table(rows);
  } finally {
    for (const target of targets) target.portal.stop();
    await upstream.close();
  }
}

void main();
