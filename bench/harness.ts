// What the portal benchmarks share: percentiles, the reference services in-process, the portal's
// standalone server as its own process, and a signed-in session cookie.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { createLogger } from '../lib/log/logger';
import PORTAL_NODE_ARGS from '../scripts/portal-node-args.json';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres';
import type { UpstreamConfig } from '../upstream/config';
import type { SeedScale } from '../upstream/seed/scale';
import { startUpstream } from '../upstream/server';

export const KEY = 'bench-payload-key-0123456789';
const SECRET = 'bench-session-secret-0123456789abcdef012345';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export async function waitFor(url: string, seconds = 20) {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not start`);
}

/**
 * A database `name` on a throwaway PostgreSQL cluster, or none when PostgreSQL cannot be started
 * (the caller then runs the services on PGlite). `stop` ends the cluster.
 */
export async function benchPostgres(name: string, purpose: string): Promise<{ databaseUrl?: string; stop(): void }> {
  const postgres = await startThrowawayPostgres(purpose);
  if (!postgres) return { stop: () => undefined };
  const admin = new Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { databaseUrl: postgres.adminUrl.replace(/\/postgres$/, `/${name}`), stop: () => postgres.stop() };
}

/**
 * The reference services, seeded, on PGlite in memory or on the PostgreSQL database given. Their
 * request log says warnings only: a line per request would fill the figures' output and be
 * written synchronously on the benchmark's own thread while it times.
 */
export function benchUpstream(seedTransactions: number, databaseUrl?: string, seedScale?: SeedScale) {
  const config: UpstreamConfig = {
    port: 0, host: '127.0.0.1', dataDir: ':memory:', databaseUrl, payloadKey: KEY, version: '4.4.9', mode: 'test', portalUrl: 'http://bench',
    tokenTtlMinutes: 720, resetLinkMinutes: 5, lockoutFailures: 10, lockoutMinutes: 30, maxInputBytes: 65536, exportPageRows: 5000,
  };
  return startUpstream(config, { seedTransactions, seedScale, log: () => {}, logger: createLogger('upstream', { ...process.env, LOG_LEVEL: 'warn' }) });
}

export interface BenchPortal {
  url: string;
  process: ChildProcess;
  /** Ends the process; resolves once it has exited (and written a CPU profile it was asked for). */
  stop(): Promise<void>;
}

/** `--base=<checkout>`: another checkout, built, whose portal a benchmark runs beside this one's. */
export const BASE_CHECKOUT = process.argv.find((a) => a.startsWith('--base='))?.slice('--base='.length);

/**
 * `--node-args="--max-semi-space-size=8 ..."`: extra flags for the portal under measurement (after
 * the ones it ships with), to weigh a flag before it goes into scripts/portal-node-args.json.
 */
export const EXTRA_NODE_ARGS = (process.argv.find((a) => a.startsWith('--node-args='))?.slice('--node-args='.length) ?? '').split(' ').filter(Boolean);

/** The bench's portals answer /api/metrics with this bearer token (the process's heap spaces, say). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token';

/** A heap space's size in MB (`new`, `old`, ...) as the portal's /api/metrics reports it. */
export async function heapSpaceMb(portalUrl: string, space: string): Promise<number> {
  const text = await (await fetch(`${portalUrl}/api/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`nodejs_heap_space_size_total_bytes{space="${space}"}`));
  return Number(line?.split(' ')[1] ?? NaN) / 1e6;
}

/**
 * The production build's standalone server (what Docker runs, with its node flags; `nodeArgs` after
 * them win), on its own process; `root` holds the build (default: this checkout).
 */
export function startPortal(upstreamUrl: string, port: number, nodeArgs: string[] = [], root = process.cwd()): Promise<BenchPortal> {
  const env = { UPSTREAM_URL: upstreamUrl, PAYLOAD_KEY: KEY, SESSION_SECRET: SECRET, CAPTCHA_TEST_CODE: '2468', ALLOW_CAPTCHA_TEST_CODE: '1', METRICS_TOKEN: BENCH_METRICS_TOKEN };
  return startServer(join(root, '.next/standalone/server.js'), port, env, nodeArgs);
}

/** A standalone Next.js server on its own process with the portal's node flags, once it answers `/api/health`. */
async function startServer(script: string, port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<BenchPortal> {
  const child = spawn(process.execPath, [...PORTAL_NODE_ARGS, ...nodeArgs, script], {
    env: { ...process.env, ...env, NODE_ENV: 'production', PORT: String(port), HOSTNAME: '127.0.0.1' },
    // BENCH_STDOUT=<file> keeps what the process prints (`--node-args=--trace-gc-nvp`, for one).
    stdio: ['ignore', process.env.BENCH_STDOUT ? openSync(process.env.BENCH_STDOUT, 'a') : 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    process: child,
    stop: () => {
      child.kill();
      return exited;
    },
  };
}

/** Signs in through the portal's own routes and returns the session cookie (name=value). */
export async function portalSession(portalUrl: string, account = 'admin', password = 'Portal#2026'): Promise<string> {
  const captcha = await fetch(`${portalUrl}/api/auth/captcha`);
  const captchaCookie = captcha.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const signIn = await fetch(`${portalUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: portalUrl, cookie: captchaCookie },
    body: JSON.stringify({ username: account, password, captcha: '2468' }),
  });
  const session = signIn.headers.getSetCookie().find((c) => c.startsWith('portal_session='))?.split(';')[0];
  if (!session) throw new Error(`portal sign-in failed: HTTP ${signIn.status}`);
  return session;
}

const BARE_NEXT = join(process.cwd(), 'bench/bare-next');
const BARE_SERVER = join(BARE_NEXT, '.next/standalone/bench/bare-next/server.js');

/** The newest modification time under `path`, its build output left out. */
const newest = (path: string): number =>
  statSync(path).isDirectory() ? Math.max(0, ...readdirSync(path).filter((name) => name !== '.next').map((name) => newest(join(path, name)))) : statSync(path).mtimeMs;

/**
 * The minimal reproduction beside the portal (`bench/bare-next`): the same Next.js, standalone,
 * with the portal's node flags and nothing of the portal; built when its sources are newer than
 * its build. `env` reaches its routes (the forwarding route's service address and token).
 */
export async function startBareNext(port: number, env: Record<string, string> = {}): Promise<BenchPortal> {
  if (!existsSync(BARE_SERVER) || newest(BARE_NEXT) > statSync(BARE_SERVER).mtimeMs) {
    const build = spawnSync(process.execPath, [join(process.cwd(), 'node_modules/next/dist/bin/next'), 'build', BARE_NEXT], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (build.status !== 0) throw new Error('the bare Next.js build failed');
  }
  return startServer(BARE_SERVER, port, env);
}

/** Every list screen admin opens (lib/lists/sources.ts is server-only: a bench script cannot import it). */
export const LIST_SCREENS = [
  '/transaction/transactions',
  '/transaction/settles',
  '/transaction/settleWxAli',
  '/transaction/reconciliation',
  '/transaction/reconWxAli',
  '/transaction/refundRequest',
  '/transaction/reviewRefund',
  '/merchant/merchants',
  '/merchant/stores',
  '/merchant/payments',
  '/merchant/applyService',
  '/merchant/totalAssets',
  '/accountMng/accountStatus',
  '/log/activityLog',
  '/notifications',
  '/uploadDocuments',
];

/**
 * What a page's first load costs (bytes): every `<script src>` of its HTML, as a browser asks for it,
 * but Next's legacy polyfills, which come as a `noModule` script that browsers running modules (all
 * the portal supports) never fetch. `gzip` is each script at gzip -9 (docs/performance.md's measure
 * since issue 6), `sent` the bytes on the wire (the answer's length: fetch hands the body on decoded).
 */
export async function firstLoad(portalUrl: string, headers: Record<string, string>, path: string) {
  const html = await (await fetch(`${portalUrl}${path}`, { headers })).text();
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/\snoModule/i.test(m[0]));
  const scripts = [...new Set(tags.map((m) => m[1] ?? ''))];
  const total = { scripts: scripts.length, raw: 0, gzip: 0, sent: 0 };
  for (const src of scripts) {
    const response = await fetch(new URL(src, portalUrl), { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const body = Buffer.from(await response.arrayBuffer());
    total.raw += body.length;
    total.gzip += gzipSync(body, { level: 9 }).length;
    total.sent += Number(response.headers.get('content-length') ?? body.length);
  }
  return total;
}
