// A throwaway PostgreSQL cluster in a temporary folder, for the integration suite and the
// benchmarks: Debian's server when present (installed with apt-get when missing and running as
// root), owned by the postgres user when run as root (PostgreSQL refuses root), fsync off.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDebianPackages } from './debian-packages';

function findBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

/**
 * A port free now, for a server started later. Below Linux's ephemeral range (32768 and up), which
 * `listen(0)` and every outgoing connection draw from: a port drawn there can be taken by a
 * connection in the seconds before its server starts (a fleet run saw "Port 40603 is taken").
 * Never one of `avoid`: ports promised to another server that has not started yet.
 */
export async function freePort(avoid: readonly number[] = []): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (avoid.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

export interface ThrowawayPostgres {
  /** The admin connection (database postgres, user portal, no password). */
  adminUrl: string;
  stop(): void;
}

/**
 * Starts a cluster, or says why not and answers undefined. A `dir` keeps the cluster there from one
 * start to the next (`npm run cluster`); without one it lives in a temporary folder removed at stop.
 */
export async function startThrowawayPostgres(purpose: string, { dir: keptDir, port: askedPort }: { dir?: string; port?: number } = {}): Promise<ThrowawayPostgres | undefined> {
  let bin = findBin();
  const root = process.getuid?.() === 0;
  if (!bin && root) {
    console.log(`\nPostgreSQL is missing: installing Debian's postgresql package for ${purpose}...`);
    installDebianPackages('postgresql');
    bin = findBin();
  }
  if (!bin) return undefined;
  if (keptDir) mkdirSync(keptDir, { recursive: true });
  const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const port = askedPort ?? (await freePort());
  const asOwner = (command: string, args: string[]) =>
    root ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin as string, command), ...args], { stdio: 'pipe' }) : execFileSync(join(bin as string, command), args, { stdio: 'pipe' });
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  if (!existsSync(join(dir, 'data', 'PG_VERSION'))) asOwner('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'portal', '--no-sync', '-E', 'UTF8']);
  asOwner('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${keptDir ? '' : '-c fsync=off '}-c max_connections=200`, 'start']);
  return {
    adminUrl: `postgres://portal@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asOwner('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        if (!keptDir) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
