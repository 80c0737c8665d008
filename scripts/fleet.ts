// The fleet on this machine (docs/operations.md, "The fleet"): PostgreSQL and Redis (Debian's,
// installed with apt-get when missing), the reference services on PostgreSQL, portal instances of
// the production build, and HAProxy in front of them, checking each instance's readiness,
// balancing round robin and retrying a request whose connection failed on another instance.
// `npm run cluster` (scripts/cluster.ts) and the fleet tests start it through startFleet().
import { spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PORTAL_NODE_ARGS from './portal-node-args.json';
import { haproxyConfig, writeErrorPages } from './haproxy';
import type { ManagedProcess } from './supervise.mjs';
import { installDebianPackages } from './debian-packages';
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/** Environment variables for a child process (NODE_ENV among them or not). */
type Env = Record<string, string | undefined>;

export interface FleetOptions {
  instances: number;
  /** The balancer's port; the instances take the next ones. */
  port: number;
  upstreamPort: number;
  /** Kept between starts (`npm run cluster`), or a temporary folder removed at stop (tests). */
  dataDir?: string;
  /** Passed to every process, over the generated secrets. */
  env?: Env;
  seedTransactions?: number;
  /** Each process started again when it dies on its own (`npm run cluster`), not in the tests. */
  restart?: boolean;
  /** Where the processes write (`npm run cluster` shows their logs; the tests keep only errors). */
  stdio?: StdioOptions;
  log?: (line: string) => void;
}

export interface Fleet {
  url: string;
  upstreamUrl: string;
  instanceUrls: string[];
  instances: ManagedProcess[];
  redis: ManagedProcess;
  env: Env;
  databaseUrl: string;
  stop(): Promise<void>;
}

/** A clear refusal for the operator, printed without a stack trace by the command. */
export class FleetError extends Error {}

function which(command: string): string | undefined {
  return spawnSync('bash', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || undefined;
}

/** Debian's package for a program, installed with apt-get when missing and running as root. */
export function ensureProgram(command: string, pkg: string): string {
  const locate = () => which(command) ?? (existsSync(`/usr/sbin/${command}`) ? `/usr/sbin/${command}` : undefined);
  let path = locate();
  if (!path && process.getuid?.() === 0) {
    console.log(`${command} is missing: installing Debian's ${pkg} package...`);
    installDebianPackages(pkg);
    path = locate();
  }
  if (!path) throw new FleetError(`${command} is not installed: run 'sudo apt-get install -y ${pkg}', then start the fleet again.`);
  return path;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/**
 * Waits for `url` to answer; a process that ends meanwhile (it said why on its standard error:
 * a missing secret, an unreachable database) stops the wait at once.
 */
async function waitFor(url: string, seconds: number, what: string, watched?: ManagedProcess) {
  for (let i = 0; i < seconds * 5; i++) {
    if (watched && (watched.process.exitCode !== null || watched.process.signalCode !== null)) throw new FleetError(`${what} stopped before answering: see its message above.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new FleetError(`${what} did not answer ${url} within ${seconds} s.`);
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  // The launchers' own modules are ES modules: loaded when needed, so that the fleet tests can load this one.
  const [{ demoSecrets }, { ROOT, STANDALONE }, { managedProcess }] = await Promise.all([import('./demo-secrets.mjs'), import('./portal-build.mjs'), import('./supervise.mjs')]);
  const log = options.log ?? ((line: string) => console.log(line));
  const haproxy = ensureProgram('haproxy', 'haproxy');
  const redisServer = ensureProgram('redis-server', 'redis-server');
  const portalPorts = Array.from({ length: options.instances }, (_, i) => options.port + 1 + i);
  for (const [port, setting] of [[options.port, 'CLUSTER_PORT'], ...portalPorts.map((p) => [p, 'CLUSTER_PORT (the instances use the next ports)']), [options.upstreamPort, 'UPSTREAM_PORT']] as [number, string][]) {
    if (!(await portIsFree(port))) throw new FleetError(`Port ${port} is taken by another program: stop it, or choose other ports with ${setting}.`);
  }
  // Free now, but not yet listened on: the fleet's own PostgreSQL and Redis must not take them
  // (CI's clean run of d929461 met an instance whose port Redis or PostgreSQL had taken first).
  const promised = [options.port, ...portalPorts, options.upstreamPort];
  const temporary = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-fleet-'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = demoSecrets(dataDir);
  const shared: Env = { ...secrets, ...options.env };
  const stops: (() => Promise<void> | void)[] = [];
  const fleetProcess = (name: string, command: string, args: string[], env: Env) =>
    managedProcess(name, command, args, { cwd: ROOT, env, restart: options.restart, stdio: options.stdio ?? ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    for (const step of stops.reverse()) await step();
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // PostgreSQL: the operator's when DATABASE_URL is given, else a cluster of the fleet's own.
    let databaseUrl = shared.DATABASE_URL;
    if (!databaseUrl) {
      const postgres: ThrowawayPostgres | undefined = await startThrowawayPostgres('the fleet', { port: await freePort(promised), ...(temporary ? {} : { dir: join(dataDir, 'postgres') }) });
      if (!postgres) throw new FleetError("PostgreSQL is not installed: run 'sudo apt-get install -y postgresql', or set DATABASE_URL.");
      stops.push(() => postgres.stop());
      const admin = postgres.adminUrl;
      const exists = spawnSync('psql', [admin, '-tAc', "SELECT 1 FROM pg_database WHERE datname = 'portal'"], { encoding: 'utf8' }).stdout.trim() === '1';
      if (!exists) spawnSync('psql', [admin, '-c', 'CREATE DATABASE portal'], { stdio: 'ignore' });
      databaseUrl = admin.replace(/\/postgres$/, '/portal');
    }

    // Redis: the operator's when REDIS_URL is given, else one of the fleet's own.
    let redisUrl = shared.REDIS_URL;
    const redisPort = await freePort(promised);
    const redisDir = join(dataDir, 'redis');
    mkdirSync(redisDir, { recursive: true });
    const redis = fleetProcess('Redis', redisServer, ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', redisDir, '--save', '', '--appendonly', temporary ? 'no' : 'yes'], {});
    if (!redisUrl) {
      await redis.start();
      stops.push(() => redis.stop());
      redisUrl = `redis://127.0.0.1:${redisPort}`;
    }

    const upstreamUrl = `http://127.0.0.1:${options.upstreamPort}`;
    const services = fleetProcess('The reference services', process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'upstream/server.ts')], {
      ...shared,
      DATABASE_URL: databaseUrl,
      UPSTREAM_PORT: String(options.upstreamPort),
      UPSTREAM_DATA_DIR: dataDir,
      PORTAL_URL: shared.PORTAL_URL ?? `http://localhost:${options.port}`,
      ...(options.seedTransactions ? { SEED_TRANSACTIONS: String(options.seedTransactions) } : {}),
    });
    await services.start();
    stops.push(() => services.stop());
    log('The reference services are starting on PostgreSQL (the first start seeds the demo data)...');
    await waitFor(`${upstreamUrl}/health`, 300, 'The reference services', services);

    const instances = portalPorts.map((port, i) =>
      fleetProcess(`Portal ${i + 1}`, process.execPath, [...PORTAL_NODE_ARGS, join(STANDALONE, 'server.js')], {
        ...shared,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(port),
        HOSTNAME: '127.0.0.1',
        UPSTREAM_URL: upstreamUrl,
        REDIS_URL: redisUrl,
        // HAProxy appends the client's address (option forwardfor).
        TRUSTED_PROXY_HOPS: '1',
        // The database's connections are shared by the fleet (DATABASE_POOL_SIZE of the services).
      }),
    );
    for (const instance of instances) {
      await instance.start();
      stops.push(() => instance.stop());
    }
    await Promise.all(portalPorts.map((port, i) => waitFor(`http://127.0.0.1:${port}/api/health/ready`, 60, `Portal ${i + 1}`, instances[i])));

    const config = join(dataDir, 'haproxy.cfg');
    const errorsDir = join(dataDir, 'haproxy-errors');
    writeErrorPages(errorsDir);
    writeFileSync(config, haproxyConfig({ bind: `0.0.0.0:${options.port}`, servers: { ports: portalPorts }, instances: options.instances, errorsDir }));
    const balancer = fleetProcess('HAProxy', haproxy, ['-f', config, '-db'], {});
    await balancer.start();
    stops.push(() => balancer.stop('SIGUSR1'));
    const url = `http://127.0.0.1:${options.port}`;
    await waitFor(`${url}/api/health/ready`, 30, 'HAProxy', balancer);
    return { url, upstreamUrl, instanceUrls: portalPorts.map((port) => `http://127.0.0.1:${port}`), instances, redis, env: shared, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

