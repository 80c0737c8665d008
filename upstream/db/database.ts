import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { Pool, types as pgTypes, type PoolClient } from 'pg';
import { createLogger } from '../../lib/log/logger';
import { inTransactionScope } from './transaction-scope';

/**
 * One interface over embedded PGlite and PostgreSQL, with the same SQL for both. Values come
 * back alike from both: int8 and counts as numbers, numeric as decimal text (never floats),
 * dates and timestamps as the database's text (business wall-clock time, no zone shifting).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction; PostgreSQL gives it its own connection. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/**
 * The database could not take the statement in time: a statement over `statement_timeout`
 * (`timeout`), or no pooled connection free within the connect timeout (`busy`). The services answer
 * 503 with Retry-After; nothing of the call is committed.
 */
export class DatabaseUnavailable extends Error {
  constructor(readonly reason: 'timeout' | 'busy') {
    super(reason === 'timeout' ? 'The statement ran over the statement timeout' : 'No database connection was free in time');
    this.name = 'DatabaseUnavailable';
  }
}

/** pg's errors for the two limits, as DatabaseUnavailable; any other error as it is. */
function translated(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === '57014' && /statement timeout/.test(message ?? '')) return new DatabaseUnavailable('timeout');
  if (/timeout exceeded when trying to connect|connection timeout/i.test(message ?? '')) return new DatabaseUnavailable('busy');
  return error;
}

export interface PostgresLimits {
  /** PostgreSQL's statement_timeout for every statement of the pool's connections (0 or unset: none). */
  statementTimeoutMs?: number;
  /** How long a caller waits for a pooled connection before DatabaseUnavailable('busy') (unset: for ever). */
  connectTimeoutMs?: number;
  /** Connections in the pool (default 10). */
  poolSize?: number;
}

const TEXT = (value: string) => value;
const INT8 = (value: string) => Number(value);

// OIDs: 20 int8, 1082 date, 1114 timestamp, 1184 timestamptz, 1700 numeric.
const TEXT_TYPES = [1082, 1114, 1184, 1700];

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const parsers = Object.fromEntries([...TEXT_TYPES.map((oid) => [oid, TEXT]), [types.INT8, INT8]]);
  const db = await PGlite.create(dataDir ? { dataDir, parsers } : { parsers });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return inTransactionScope(() =>
        db.transaction(async (tx) => work({ query: async <R>(sql: string, params: unknown[] = []) => (await tx.query<R>(sql, params)).rows })),
      );
    },
    close: () => db.close(),
  };
}

export async function openPostgres(url: string, limits: PostgresLimits = {}): Promise<Database> {
  const typeParser = {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === 20) return INT8;
      if (TEXT_TYPES.includes(oid)) return TEXT;
      return pgTypes.getTypeParser(oid, format as 'text');
    }) as typeof pgTypes.getTypeParser,
  };
  const pool = new Pool({
    connectionString: url,
    max: limits.poolSize || 10,
    types: typeParser,
    ...(limits.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
    ...(limits.connectTimeoutMs ? { connectionTimeoutMillis: limits.connectTimeoutMs } : {}),
  });
  // An idle client whose backend ends (a restart, a dropped database) reports it through the pool;
  // with no listener that error would end the process.
  pool.on('error', (error) => createLogger('upstream').error({ error: error.message }, 'postgres: an idle connection ended'));
  const run = async <T>(client: Pool | PoolClient, sql: string, params: unknown[] = []) => {
    try {
      return (await client.query(sql, params)).rows as T[];
    } catch (error) {
      throw translated(error);
    }
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async exec(sql: string) {
      await run(pool, sql);
    },
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => inTransactionScope(async () => {
      const client = await pool.connect().catch((error: unknown) => Promise.reject(translated(error)));
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    }),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL when a URL is given (with `limits`), else PGlite in `dataDir` (in memory when that is
 * undefined). PGlite runs each statement on the services' own thread and cannot interrupt one: the
 * limits are PostgreSQL's.
 */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string; limits?: PostgresLimits }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.limits) : openPglite(options.dataDir);
}
