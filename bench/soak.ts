// The soak: 200 concurrent requests from 20 signed-in sessions against the production build for a
// while (10 minutes by default; `npm run bench -- soak --seconds=60` for a short try), printing
// requests/s, p50/p95/p99 and the peak resident memory of the portal and of the reference services.
// Goals (issue 16): p99 under 1 s, portal under 512 MB. The services run as their own process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchPostgres, KEY, percentile, portalSession, startPortal, waitFor } from './harness';

const flag = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? process.env[`SOAK_${name.toUpperCase()}`] ?? fallback);
const SECONDS = flag('seconds', 600);
const CONNECTIONS = flag('connections', 200);
const SESSIONS = flag('sessions', 20);
const PORT = flag('port', 3196);
const UPSTREAM_PORT = flag('upstream-port', 4196);

/** Resident memory of a process now, in MB (Linux); 0 once it is gone. */
const rssOf = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

async function main() {
  // PostgreSQL when one can be started, as bench/portal.ts: PGlite would measure the stand-in.
  const postgres = await benchPostgres('soak', 'the soak');
  const { databaseUrl } = postgres;
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));
  // node --import tsx: one process, so that its memory is the services' own (the tsx CLI would add a parent).
  const services = spawn(process.execPath, ['--import', 'tsx', join(process.cwd(), 'upstream/server.ts')], {
    env: { ...process.env, UPSTREAM_PORT: String(UPSTREAM_PORT), UPSTREAM_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), PAYLOAD_KEY: KEY, SEED_TRANSACTIONS: '20000', UPSTREAM_MODE: 'test', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const upstreamUrl = `http://127.0.0.1:${UPSTREAM_PORT}`;
  try {
    await waitFor(`${upstreamUrl}/health`, 300);
    // Five accounts stand in for the many users 200 requests would come from: each may have all of
    // its calls in flight, where a real user's would take turns (lib/gateway/user-calls.ts).
    process.env.USER_CALLS_IN_FLIGHT ??= '1000';
    const portal = await startPortal(upstreamUrl, PORT, process.env.SOAK_NODE_ARGS ? process.env.SOAK_NODE_ARGS.split(' ') : []);
    try {
      const accounts = ['admin', 'maker@demo.test', 'checker@demo.test', 'viewer@demo.test', 'partner@demo.test'];
      const cookies: string[] = [];
      for (let i = 0; i < SESSIONS; i++) cookies.push(await portalSession(portal.url, accounts[i % accounts.length]));
      const peak = { portal: rssOf(portal.process.pid ?? 0), services: rssOf(services.pid ?? 0) };
      const start = { ...peak };
      const sampler = setInterval(() => {
        peak.portal = Math.max(peak.portal, rssOf(portal.process.pid ?? 0));
        peak.services = Math.max(peak.services, rssOf(services.pid ?? 0));
      }, 500);
      // The pages and calls a signed-in user makes most: the dashboard, the list, the shell's calls.
      const paths = [
        { method: 'GET', path: '/dashboard/dashboard' },
        { method: 'GET', path: '/transaction/transactions' },
        { method: 'POST', path: '/api/gateway/customerInfo', body: '{"input":{}}' },
      ] as const;
      let n = 0;
      const samples: number[] = [];
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({
        url: portal.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (request) => {
              const pick = paths[n % paths.length] as (typeof paths)[number];
              const cookie = cookies[n % cookies.length] as string;
              n += 1;
              const post = 'body' in pick;
              const headers: Record<string, string> = post ? { cookie, origin: portal.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' } : { cookie };
              return { ...request, method: pick.method, path: pick.path, body: post ? pick.body : undefined, headers };
            },
          },
        ],
      }, (error, done) => (error ? reject(error) : resolve(done)));
        instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime));
      });
      clearInterval(sampler);
      console.log(`\nSoak: ${CONNECTIONS} concurrent requests, ${SESSIONS} sessions, ${SECONDS} s (dashboard, transactions, gateway call in turn), services on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}:`);
      console.table([
        {
          'requests/s': Math.round(result.requests.average),
          requests: result.requests.total,
          'non-2xx': result.non2xx,
          errors: result.errors + result.timeouts,
          p50: `${percentile(samples, 50).toFixed(0)} ms`,
          p95: `${percentile(samples, 95).toFixed(0)} ms`,
          p99: `${percentile(samples, 99).toFixed(0)} ms`,
        },
      ]);
      console.table([
        { process: 'portal', 'start MB': Math.round(start.portal), 'peak MB': Math.round(peak.portal), 'end MB': Math.round(rssOf(portal.process.pid ?? 0)) },
        { process: 'reference services', 'start MB': Math.round(start.services), 'peak MB': Math.round(peak.services), 'end MB': Math.round(rssOf(services.pid ?? 0)) },
      ]);
      console.log(`goals: p99 < 1000 ms (${percentile(samples, 99) < 1000 ? 'met' : 'MISSED'}), portal peak < 512 MB (${peak.portal < 512 ? 'met' : 'MISSED'})`);
    } finally {
      portal.stop();
    }
  } finally {
    services.kill();
    rmSync(dataDir, { recursive: true, force: true });
    postgres.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
