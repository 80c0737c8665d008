import { serve, type ServerType } from '@hono/node-server';
import type { Logger } from 'pino';
import { Clock } from './clock';
import { factorKeyOf, loadConfig, type UpstreamConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { endpointsFor } from './endpoints';
import { createLogger } from '../lib/log/logger';
import { startTracing } from '../lib/telemetry/tracing';
import { createApp } from './http/app';
import { mountPayPages } from './pay/page';
import { DEFAULT_SEED, seedDatabase } from './seed/generate';
import { SEED_PROFILES, type SeedProfile, type SeedScale } from './seed/scale';
import { payApprovedRefunds } from './services/refunds';

/** A refusal to start that names what to fix, printed without a stack trace. */
export class StartupError extends Error {}

/** PostgreSQL answers at DATABASE_URL, or the start is refused naming where it looked (never the password). */
async function reachable(db: Database, databaseUrl: string) {
  try {
    await db.query('SELECT 1');
  } catch (error) {
    await db.close().catch(() => undefined);
    const { hostname, port, pathname } = new URL(databaseUrl);
    const why = error instanceof Error ? error.message : 'no answer';
    throw new StartupError(`PostgreSQL does not answer at ${hostname}:${port || 5432}${pathname} (DATABASE_URL): ${why}. Start it, or correct DATABASE_URL.`);
  }
}

export interface RunningUpstream {
  url: string;
  db: Database;
  clock: Clock;
  config: UpstreamConfig;
  close(): Promise<void>;
}

/** Opens (creating, migrating and seeding on first start) the database, then serves every call. */
export async function startUpstream(config: UpstreamConfig, options: { seedTransactions?: number; seedScale?: SeedScale; log?: (line: string) => void; logger?: Logger } = {}): Promise<RunningUpstream> {
  const logger = options.logger ?? createLogger('upstream');
  const log = options.log ?? ((line: string) => logger.info(line));
  if (config.payloadKey.length < 16) throw new StartupError('PAYLOAD_KEY must be set (at least 16 characters): the envelope key the portal shares with the services.');
  if ((config.factorKey ?? '').length < 16) {
    // Authenticator secrets sealed under a key derived from another secret would be lost with it.
    if (config.mode === 'production') throw new StartupError('FACTOR_KEY must be set (at least 16 characters): the key that seals the authenticator secrets at rest.');
    log('FACTOR_KEY is not set: authenticator secrets are sealed with a key derived from PAYLOAD_KEY (demo and test only)');
  }
  const inMemory = config.databaseUrl !== undefined || config.dataDir === ':memory:';
  // Migrations and the first seed run long statements: they run without the serving limits.
  let db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: inMemory ? undefined : `${config.dataDir}/pglite` });
  if (config.databaseUrl) await reachable(db, config.databaseUrl);
  const applied = await migrate(db);
  if (applied.length) log(`applied migrations ${applied.join(', ')}`);
  const [seeded] = await db.query('SELECT 1 FROM seed_info');
  if (!seeded) {
    const transactions = options.seedTransactions ?? DEFAULT_SEED.transactions;
    log(`seeding the demo data (${transactions} transactions, once)...`);
    await seedDatabase(db, { transactions, scale: options.seedScale, factorKey: factorKeyOf(config) }, log);
  }
  if (config.databaseUrl) {
    await db.close();
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      limits: { statementTimeoutMs: config.statementTimeoutMs ?? 30_000, connectTimeoutMs: config.connectTimeoutMs ?? 10_000, poolSize: config.poolSize },
    });
  }
  const clock = new Clock();
  const services = { db, config, clock, versionOverrides: new Map(), faults: new Map() };
  const app = createApp(services, endpointsFor(config), logger);
  // The payer's side of collect payment: the provider's own page in production, ours in demo and test.
  if (config.mode !== 'production') mountPayPages(app, services);
  const server: ServerType = await new Promise((resolve, reject) => {
    const running = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(running));
    running.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new StartupError(`Port ${config.port} on ${config.host} is taken by another program: stop it, or choose another with UPSTREAM_PORT.`) : error),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Approved refunds are paid in batches, as the acquirer's payout does (demo mode only).
  const payout = config.mode === 'demo' ? setInterval(() => void payApprovedRefunds(db, clock, clock.timestamp(-10)).catch(() => undefined), 5 * 60_000) : undefined;
  payout?.unref();
  return {
    url: `http://${config.host}:${port}`,
    db,
    clock,
    config,
    async close() {
      if (payout) clearInterval(payout);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

async function main() {
  // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/telemetry/tracing.ts).
  startTracing('merchant-portal-services');
  const config = loadConfig();
  const profile = process.env.SEED_PROFILE ?? 'demo';
  if (!Object.hasOwn(SEED_PROFILES, profile)) throw new StartupError(`SEED_PROFILE must be one of ${Object.keys(SEED_PROFILES).join(', ')}.`);
  const running = await startUpstream(config, {
    seedTransactions: process.env.SEED_TRANSACTIONS ? Number(process.env.SEED_TRANSACTIONS) : undefined,
    seedScale: SEED_PROFILES[profile as SeedProfile],
  });
  createLogger('upstream').info({ url: running.url, database: running.db.kind, mode: config.mode }, 'reference services started');
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    createLogger('upstream').fatal(error instanceof StartupError ? {} : { error: error instanceof Error ? error.message : 'unknown' }, error instanceof StartupError ? error.message : 'failed to start');
    process.exit(1);
  });
}
