import { spawn, spawnSync } from 'node:child_process';
import { installDebianPackages } from '../../scripts/debian-packages';
import { freePort, startThrowawayPostgres } from '../../scripts/throwaway-postgres';

/**
 * Starts throwaway servers for the integration suite: a PostgreSQL cluster, so that every upstream
 * test runs against PGlite and against PostgreSQL, and a redis-server for the shared store. Debian's
 * servers are used when present; as root they are installed with apt-get when missing. Without
 * them the suite says so and runs on PGlite alone.
 */
const STATE = Symbol.for('portal.postgres');
const REDIS = Symbol.for('portal.redis');

/** A throwaway redis-server for the shared-store tests, when Debian's package is (or can be) installed. */
async function startRedis(): Promise<(() => void) | undefined> {
  const which = () => spawnSync('bash', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (!which() && process.getuid?.() === 0) {
    console.log("\nredis-server is missing: installing Debian's redis-server package for the integration suite...");
    installDebianPackages('redis-server');
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
  const postgres = await startThrowawayPostgres('the integration suite');
  if (!postgres) {
    console.log('\nPostgreSQL is not installed: the upstream integration suite runs against PGlite only.');
    return;
  }
  process.env.TEST_DATABASE_ADMIN_URL = postgres.adminUrl;
  (globalThis as Record<symbol, unknown>)[STATE] = postgres.stop;
}

export function teardown() {
  for (const key of [STATE, REDIS]) ((globalThis as Record<symbol, unknown>)[key] as (() => void) | undefined)?.();
}
