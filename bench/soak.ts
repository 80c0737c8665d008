// The overload benchmark (issue 27), an open model: requests arrive at a rate, whatever the
// portal is doing, as users do. It first measures the capacity of one portal instance (page loads
// and client navigations per second, and per core of the portal's own CPU time), then offers 80 %
// of it and twice it, and prints for each: accepted latency p50/p95/p99, refusals (503) and how
// fast they came, errors and time-outs, the portal's peak memory, and how long the portal took to
// answer normally again once the load stopped. Then the same through `npm run cluster`'s fleet
// (two instances behind HAProxy), side by side. `npm run bench -- soak [--seconds=20]`.
// Goals: at 80 %, p99 < 1 s and 0 errors; at twice, accepted p99 < 2 s, refusals < 50 ms, 0
// time-outs, portal < 512 MB, normal again within 10 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/throwaway-postgres';
import { startFleet } from '../scripts/fleet';
import { benchPostgres, KEY, percentile, portalSession, startPortal, waitFor } from './harness';

const flag = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? process.env[`SOAK_${name.toUpperCase()}`] ?? fallback);
const SECONDS = flag('seconds', 20);
const SESSIONS = flag('sessions', 20);
/** `--targets=instance` or `--targets=fleet` measures one of the two. */
const TARGETS = (process.argv.find((a) => a.startsWith('--targets='))?.split('=')[1] ?? 'instance,fleet').split(',');
/** A request unanswered this long is a time-out: a user has given up. */
const TIMEOUT_MS = 10_000;

/** Resident memory of a process now, in MB (Linux); 0 once it is gone. */
const rssOf = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** CPU seconds a process has used (user and system), from /proc. */
const cpuOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

interface Outcome {
  status: number | 'timeout' | 'error';
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 2048 });

/**
 * A client navigation's address: Next.js answers an RSC request with a redirect to the address
 * carrying its `_rsc` cache key for these headers, which the browser then asks for.
 */
let navigation = '/transaction/transactions';

async function learnNavigation(base: string, cookie: string) {
  const first = await fetch(new URL('/transaction/transactions', base), { headers: { cookie, rsc: '1' }, redirect: 'manual' });
  navigation = first.headers.get('location') ?? navigation;
}

/** The mix a signed-in user makes: a page load, then a client navigation (the RSC payload), in turn. */
function send(base: string, cookie: string, n: number): Promise<Outcome> {
  const url = new URL(n % 2 === 0 ? '/dashboard/dashboard' : navigation, base);
  const headers: Record<string, string> = { cookie, accept: 'text/html' };
  if (n % 2 === 1) Object.assign(headers, { rsc: '1' });
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers, agent, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
    });
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 'timeout', ms: performance.now() - started });
    });
    req.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
    req.end();
  });
}

/** As many requests as `workers` can keep going for `seconds`: the throughput the instance sustains. */
async function closedLoop(base: string, cookies: string[], workers: number, seconds: number) {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const i = n++;
        outcomes.push(await send(base, cookies[i % cookies.length] as string, i));
      }
    }),
  );
  return outcomes.filter((o) => o.status === 200).length / seconds;
}

/** Requests arriving at `rate` per second for `seconds`, each sent when due, answered or not. */
async function openModel(base: string, cookies: string[], rate: number, seconds: number, watch: () => void) {
  const outcomes: Promise<Outcome>[] = [];
  const floor: Promise<Outcome>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    outcomes.push(send(base, cookies[i % cookies.length] as string, i));
    // The floor, measured in the same moments: a bare server that answers 503 before reading anything.
    if (i % 10 === 0) floor.push(sendBare());
    if (i % 50 === 0) watch();
  }
  return { outcomes: await Promise.all(outcomes), floor: (await Promise.all(floor)).map((o) => o.ms) };
}

/**
 * The reference beside the portal: a bare Node server in a process of its own, answering every
 * request at once with a 503. What it takes is this machine's floor for any answer, the load's own
 * delays included (its two cores carry the portal, the services, the database and the load).
 */
let bare: { url: string; stop: () => void } | undefined;

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, r) => { r.writeHead(503, { 'retry-after': '5' }); r.end(); }).listen(${port}, '127.0.0.1')`], { stdio: 'ignore' });
  bare = { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
  for (let i = 0; i < 50; i++) {
    if (await fetch(bare.url).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function sendBare(): Promise<Outcome> {
  return send(bare?.url as string, '', 0);
}

/** Seconds from the load's end until three requests in a row answer 200 within twice the calm p50. */
async function recovery(base: string, cookie: string, calmMs: number) {
  const stopped = performance.now();
  let good = 0;
  for (let n = 0; good < 3 && performance.now() - stopped < 60_000; n++) {
    const outcome = await send(base, cookie, n);
    good = outcome.status === 200 && outcome.ms < 2 * calmMs ? good + 1 : 0;
    if (good < 3) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return (performance.now() - stopped) / 1000;
}

/** The portal's event-loop lag (p99 since it started), from its metrics: how long any work waits for the one thread. */
async function loopLag(base: string): Promise<number> {
  const text = await (await fetch(new URL('/api/metrics', base), { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } })).text();
  return Math.round(Number(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000);
}

interface Target {
  name: string;
  url: string;
  /** The portal processes, for their CPU time and memory. */
  pids: () => number[];
}

async function measure(target: Target, cookies: string[]) {
  const cpu = () => target.pids().reduce((sum, pid) => sum + cpuOf(pid), 0);
  await learnNavigation(target.url, cookies[0] as string);
  // Warm the routes first: the first renders compile nothing but fill caches.
  await closedLoop(target.url, cookies, 4, 3);
  const cpuBefore = cpu();
  const capacitySeconds = Math.max(10, Math.round(SECONDS / 2));
  const capacity = await closedLoop(target.url, cookies, 8, capacitySeconds);
  const cpuSeconds = cpu() - cpuBefore;
  const perCore = (capacity * capacitySeconds) / Math.max(cpuSeconds, 0.001);
  const rows = [];
  let calmP50 = 0;
  for (const share of [0.8, 2]) {
    let peak = 0;
    const watch = () => (peak = Math.max(peak, target.pids().reduce((sum, pid) => Math.max(sum, rssOf(pid)), 0)));
    // prom-client resets the loop-lag histogram at each scrape: this one starts the phase's.
    await loopLag(target.url);
    const { outcomes, floor } = await openModel(target.url, cookies, capacity * share, SECONDS, watch);
    watch();
    const accepted = outcomes.filter((o) => o.status === 200).map((o) => o.ms);
    const refused = outcomes.filter((o) => o.status === 503).map((o) => o.ms);
    const errors = outcomes.filter((o) => typeof o.status !== 'number' || (o.status !== 200 && o.status !== 503));
    if (share === 0.8) calmP50 = percentile(accepted, 50);
    const recovered = share === 2 ? await recovery(target.url, cookies[0] as string, calmP50) : undefined;
    rows.push({
      target: target.name,
      'loop lag p99 ms': await loopLag(target.url),
      load: `${Math.round(share * 100)} % (${(capacity * share).toFixed(1)}/s)`,
      accepted: accepted.length,
      'p50 ms': Math.round(percentile(accepted, 50)),
      'p95 ms': Math.round(percentile(accepted, 95)),
      'p99 ms': Math.round(percentile(accepted, 99)),
      refused: refused.length,
      'refused p50 ms': refused.length ? Math.round(percentile(refused, 50)) : '-',
      'refused p99 ms': refused.length ? Math.round(percentile(refused, 99)) : '-',
      'bare 503 p50/p99 ms': `${Math.round(percentile(floor, 50))}/${Math.round(percentile(floor, 99))}`,
      errors: errors.filter((o) => o.status !== 'timeout').length,
      timeouts: errors.filter((o) => o.status === 'timeout').length,
      'peak MB': Math.round(peak),
      'normal again s': recovered === undefined ? '-' : recovered.toFixed(1),
    });
  }
  return { capacity, perCore, cpuSeconds, rows };
}

async function main() {
  await startBare();
  // Five accounts stand in for the many users the load would come from: each may have all of its
  // calls in flight, where a real user's would take turns (lib/gateway/user-calls.ts).
  process.env.USER_CALLS_IN_FLIGHT ??= '1000';
  process.env.METRICS_TOKEN ??= 'overload-benchmark-metrics-token';
  const accounts = ['admin', 'maker@demo.test', 'checker@demo.test', 'viewer@demo.test', 'partner@demo.test'];
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  if (TARGETS.includes('instance')) await measureInstance(accounts, results);
  // The fleet: its own PostgreSQL, Redis, services and two instances behind HAProxy.
  if (TARGETS.includes('fleet')) await measureFleet(accounts, results);
  report(results);
  bare?.stop();
}

/** One instance on the services on PostgreSQL (PGlite would measure the stand-in). */
async function measureInstance(accounts: string[], results: Awaited<ReturnType<typeof measure>>[]) {
  const postgres = await benchPostgres('soak', 'the overload benchmark');
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));
  const upstreamPort = await freePort();
  // node --import tsx: one process, so that its memory is the services' own (the tsx CLI would add a parent).
  const services = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'upstream/server.ts')], {
    env: { ...process.env, UPSTREAM_PORT: String(upstreamPort), UPSTREAM_DATA_DIR: dataDir, ...(postgres.databaseUrl ? { DATABASE_URL: postgres.databaseUrl } : {}), PAYLOAD_KEY: KEY, SEED_TRANSACTIONS: '20000', UPSTREAM_MODE: 'test', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    await waitFor(`${upstreamUrl}/health`, 300);
    const portal = await startPortal(upstreamUrl, await freePort(), process.env.SOAK_NODE_ARGS ? process.env.SOAK_NODE_ARGS.split(' ') : []);
    try {
      const cookies: string[] = [];
      for (let i = 0; i < SESSIONS; i++) cookies.push(await portalSession(portal.url, accounts[i % accounts.length]));
      results.push(await measure({ name: 'one instance', url: portal.url, pids: () => [portal.process.pid ?? 0] }, cookies));
    } finally {
      await portal.stop();
    }
  } finally {
    services.kill();
    rmSync(dataDir, { recursive: true, force: true });
    postgres.stop();
  }
}

async function measureFleet(accounts: string[], results: Awaited<ReturnType<typeof measure>>[]) {
  const fleet = await startFleet({ instances: 2, port: await freePort(), upstreamPort: await freePort(), seedTransactions: 20000, env: { UPSTREAM_MODE: 'test', CAPTCHA_TEST_CODE: '2468', ALLOW_CAPTCHA_TEST_CODE: '1', LOG_LEVEL: 'warn', USER_CALLS_IN_FLIGHT: '1000', METRICS_TOKEN: process.env.METRICS_TOKEN }, log: () => undefined });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < SESSIONS; i++) cookies.push(await portalSession(fleet.url, accounts[i % accounts.length]));
    results.push(await measure({ name: 'fleet of 2 (HAProxy)', url: fleet.url, pids: () => fleet.instances.map((i) => i.process.pid ?? 0) }, cookies));
  } finally {
    await fleet.stop();
  }
}

function report(results: Awaited<ReturnType<typeof measure>>[]) {
  console.log(`\nOverload, open model (${SECONDS} s a phase; page loads and client navigations in turn, ${SESSIONS} sessions, services on PostgreSQL; RENDERS_IN_FLIGHT ${process.env.RENDERS_IN_FLIGHT ?? 8}, ADMISSION_MAX_WAIT_MS ${process.env.ADMISSION_MAX_WAIT_MS ?? 1000}; ${cpus().length} cores shared by the portal, the services, the database and the load):`);
  console.table(results.map((r) => ({ target: r.rows[0]?.target, 'capacity req/s': r.capacity.toFixed(1), 'portal CPU s': r.cpuSeconds.toFixed(1), 'capacity per core req/s': r.perCore.toFixed(1) })));
  console.table(results.flatMap((r) => r.rows));
  for (const r of results) {
    const [calm, over] = r.rows as [(typeof r.rows)[number], (typeof r.rows)[number]];
    const number = (value: unknown) => (typeof value === 'number' ? value : Number(value));
    console.log(
      `${calm.target}: 80 %: p99 < 1 s ${number(calm['p99 ms']) < 1000 ? 'met' : 'MISSED'}, 0 errors ${calm.errors + calm.timeouts === 0 ? 'met' : 'MISSED'}; ` +
        `twice: accepted p99 < 2 s ${number(over['p99 ms']) < 2000 ? 'met' : 'MISSED'}, refusals < 50 ms ${over.refused === 0 || number(over['refused p99 ms']) < 50 ? 'met' : 'MISSED'} (p50 ${over['refused p50 ms']}, p99 ${over['refused p99 ms']}; a bare server's instant 503 at the same moments: ${over['bare 503 p50/p99 ms']}), ` +
        `0 time-outs ${over.timeouts === 0 ? 'met' : 'MISSED'}, < 512 MB ${over['peak MB'] < 512 ? 'met' : 'MISSED'}, normal within 10 s ${Number(over['normal again s']) <= 10 ? 'met' : 'MISSED'}`,
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
