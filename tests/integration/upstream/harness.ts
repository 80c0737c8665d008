import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { sealPayload } from '@/lib/wire/envelope';
import type { UpstreamConfig } from '@/upstream/config';
import { startUpstream, type RunningUpstream } from '@/upstream/server';
import { DEMO_PASSWORD } from '@/upstream/seed/reference-data';
import type { SeedScale } from '@/upstream/seed/scale';

/** Each suite runs against every database available: PGlite always, PostgreSQL when started. */
export const DATABASES: ('pglite' | 'postgres')[] = ['pglite', ...(process.env.TEST_DATABASE_ADMIN_URL ? (['postgres'] as const) : [])];

export const TEST_KEY = 'integration-test-payload-key';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  /** Send this as the en field instead of sealing the input. */
  en?: string | null;
  key?: string;
}

export class UpstreamClient {
  constructor(readonly url: string) {}

  async call<T = unknown>(method: string, path: string, input: unknown = {}, options: CallOptions = {}): Promise<Answer<T>> {
    const en = options.en !== undefined ? options.en : sealPayload(input, options.key ?? TEST_KEY);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers['x-eftpay-token'] = options.token;
    const response =
      method === 'POST'
        ? await fetch(`${this.url}${path}`, { method, headers, body: JSON.stringify(en === null ? {} : { en }) })
        : await fetch(`${this.url}${path}${en === null ? '' : `?en=${encodeURIComponent(en)}`}`, { method, headers });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // CSV and other raw answers stay text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  /** Signs in and returns the token and the login answer's first item. */
  /**
   * A session of `account` after its password. A user with a second factor (issue 26) is answered
   * its second step instead: then the session comes through the SSO handoff (test mode's
   * /dev/sso-token), which trusts the merchant center's sign-in and asks no second step.
   */
  async login(account: string, password = DEMO_PASSWORD) {
    type Session = [{ xEftpayToken: string; id: number; headers: string[] }];
    let answer = await this.call<Session | { secondStep: unknown }>('POST', '/sso/api/v1/login', { username: account, password });
    if (answer.status === 200 && !Array.isArray(answer.body)) {
      const { token } = await this.dev<{ token: string }>('POST', '/dev/sso-token', { account });
      answer = await this.call<Session>('POST', '/sso/api/v1/login/external/token', { token });
    }
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw new Error(`login ${account} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const session = answer.body[0];
    return { token: session.xEftpayToken, userId: session.id, menus: session.headers };
  }

  /** The plain (no envelope) /dev helpers. */
  async dev<T = unknown>(method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}): Promise<T> {
    const response =
      method === 'GET'
        ? await fetch(`${this.url}${path}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}`)
        : await fetch(`${this.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    return (await response.json()) as T;
  }
}

export interface TestUpstream extends RunningUpstream {
  client: UpstreamClient;
  stop(): Promise<void>;
}

/** A started reference service on a fresh, seeded database of its own. */
export async function startTestUpstream(database: 'pglite' | 'postgres', overrides: Partial<UpstreamConfig> = {}, seedTransactions = 3000, logger?: Logger, seedScale?: SeedScale): Promise<TestUpstream> {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (database === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_ADMIN_URL as string;
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
    dropDatabase = async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config: UpstreamConfig = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir: ':memory:',
    payloadKey: TEST_KEY,
    version: '4.4.9',
    mode: 'test',
    portalUrl: 'http://portal.test',
    tokenTtlMinutes: 720,
    resetLinkMinutes: 5,
    lockoutFailures: 10,
    lockoutMinutes: 30,
    maxInputBytes: 64 * 1024,
    exportPageRows: 5000,
    ...overrides,
  };
  const running = await startUpstream(config, { seedTransactions, seedScale, log: () => {}, logger });
  return {
    ...running,
    client: new UpstreamClient(running.url),
    async stop() {
      await running.close();
      await dropDatabase();
    },
  };
}

/**
 * Counts the services' export page queries as they run (the real queries go on), each after
 * `delayMs` when set: how a test sees that the services stop reading once the reader went away.
 */
export function watchExportPages(upstream: TestUpstream): { queries: number; delayMs: number } {
  const watch = { queries: 0, delayMs: 0 };
  const query = upstream.db.query.bind(upstream.db);
  upstream.db.query = (async (sql: string, params?: unknown[]) => {
    if (sql.includes('export_after')) {
      watch.queries++;
      if (watch.delayMs) await new Promise((resolve) => setTimeout(resolve, watch.delayMs));
    }
    return query(sql, params);
  }) as typeof upstream.db.query;
  return watch;
}

/** Every table's rows, as one fingerprint: equal before and after means nothing was written. */
export async function databaseFingerprint(upstream: TestUpstream): Promise<string> {
  const tables = await upstream.db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1");
  const parts = await Promise.all(tables.map(async ({ name }) => (await upstream.db.query<{ f: string | null }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS f FROM "${name}" t`))[0]?.f ?? ''));
  return parts.join(',');
}
