import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts throwaway servers for the integration suite: a PostgreSQL cluster, so that every upstream
 * test runs against PGlite and against PostgreSQL, and a redis-server for the shared store. Debian's server is used when present; as root it
 * is installed with apt-get when missing. Without it the suite says so and runs on PGlite alone.
 */
const STATE = Symbol.for('portal.postgres');
const REDIS = Symbol.for('portal.redis');

function findBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A throwaway redis-server for the shared-store tests, when Debian's package is (or can be) installed. */
async function startRedis(): Promise<(() => void) | undefined> {
  const which = () => spawnSync('bash', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (!which() && process.getuid?.() === 0) {
    console.log("\nredis-server is missing: installing Debian's redis-server package for the integration suite...");
    spawnSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null'], { stdio: 'inherit' });
  }
  const binary = which();
  if (!binary) {
    console.log('\nredis-server is not installed: the Redis store is not exercised.');
    return undefined;
  }
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 50; i++) {
    if (spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`]).status === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.env.TEST_REDIS_URL = `redis://127.0.0.1:${port}`;
  return () => child.kill();
}

export default async function setup() {
  const stopRedis = await startRedis();
  (globalThis as Record<symbol, unknown>)[REDIS] = stopRedis;
  let bin = findBin();
  const root = process.getuid?.() === 0;
  if (!bin && root) {
    console.log('\nPostgreSQL is missing: installing Debian\'s postgresql package for the integration suite...');
    spawnSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null'], { stdio: 'inherit' });
    bin = findBin();
  }
  if (!bin) {
    console.log('\nPostgreSQL is not installed: the upstream integration suite runs against PGlite only.');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root; as root the cluster belongs to the postgres user.
  const asOwner = (command: string, args: string[]) =>
    root ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin as string, command), ...args], { stdio: 'pipe' }) : execFileSync(join(bin as string, command), args, { stdio: 'pipe' });
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  asOwner('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'portal', '--no-sync', '-E', 'UTF8']);
  asOwner('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://portal@127.0.0.1:${port}/postgres`;
  (globalThis as Record<symbol, unknown>)[STATE] = () => {
    try {
      asOwner('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

export function teardown() {
  for (const key of [STATE, REDIS]) ((globalThis as Record<symbol, unknown>)[key] as (() => void) | undefined)?.();
}
