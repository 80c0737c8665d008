import { join } from 'node:path';
import { APP_VERSION } from '../lib/version';

export type UpstreamMode = 'demo' | 'test' | 'production';

export interface UpstreamConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** PGlite's folder; ':memory:' keeps the database in memory (tests). */
  dataDir: string;
  /** The AES passphrase of the en envelope, shared with the portal (npm start generates one for demos). */
  payloadKey: string;
  /** Keys still opened besides PAYLOAD_KEY while it rotates (PAYLOAD_KEY_ACCEPTED, comma-separated). */
  acceptedPayloadKeys?: string[];
  /** The version header every answer carries. */
  version: string;
  /** demo and test expose /dev/*; production does not. */
  mode: UpstreamMode;
  /** Where e-mailed links point (the portal's public address). */
  portalUrl: string;
  tokenTtlMinutes: number;
  resetLinkMinutes: number;
  lockoutFailures: number;
  lockoutMinutes: number;
  /** Largest accepted request body or `en` query, in bytes. */
  maxInputBytes: number;
  /** Bearer token of GET /metrics; unset: no metrics route. */
  metricsToken?: string;
  /** Rows a streamed export reads per query: its unit of work, and its memory in the services. */
  exportPageRows: number;
  /** PostgreSQL: the longest a statement may run (statement_timeout) before the call answers 503; 0 none. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the longest a call waits for a pooled connection before it answers 503. */
  connectTimeoutMs?: number;
  /** PostgreSQL: connections in the pool. */
  poolSize?: number;
  /**
   * The key authenticator secrets are sealed with at rest (FACTOR_KEY); required in production.
   * Demo and test without one derive it from the payload key (warned at start).
   */
  factorKey?: string;
  /** WebAuthn's relying party: the portal's host name (WEBAUTHN_RP_ID), and the origins its pages are served from. */
  webauthnRpId?: string;
  webauthnOrigins?: string[];
}

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
  const mode: UpstreamMode = env.UPSTREAM_MODE === 'test' || env.UPSTREAM_MODE === 'production' ? env.UPSTREAM_MODE : 'demo';
  const dataDir = env.UPSTREAM_DATA_DIR || join(process.cwd(), '.data');
  return {
    port: number(env.UPSTREAM_PORT, 4000),
    host: env.UPSTREAM_HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    payloadKey: env.PAYLOAD_KEY ?? '',
    acceptedPayloadKeys: (env.PAYLOAD_KEY_ACCEPTED ?? '').split(',').map((key) => key.trim()).filter(Boolean),
    version: env.UPSTREAM_VERSION || APP_VERSION,
    mode,
    portalUrl: env.PORTAL_URL || `http://localhost:${env.PORT || 3000}`,
    tokenTtlMinutes: number(env.TOKEN_TTL_MINUTES, 12 * 60),
    resetLinkMinutes: number(env.RESET_LINK_MINUTES, 5),
    lockoutFailures: number(env.LOCKOUT_FAILURES, 10),
    lockoutMinutes: number(env.LOCKOUT_MINUTES, 30),
    maxInputBytes: number(env.MAX_INPUT_BYTES, 64 * 1024),
    metricsToken: env.METRICS_TOKEN || undefined,
    exportPageRows: number(env.EXPORT_PAGE_ROWS, 5000),
    statementTimeoutMs: number(env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000),
    connectTimeoutMs: number(env.DATABASE_CONNECT_TIMEOUT_MS, 10_000),
    poolSize: number(env.DATABASE_POOL_SIZE, 10),
    factorKey: env.FACTOR_KEY || undefined,
    webauthnRpId: env.WEBAUTHN_RP_ID || undefined,
    webauthnOrigins: env.WEBAUTHN_ORIGINS ? env.WEBAUTHN_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean) : undefined,
  };
}

/**
 * The relying party of passkeys: WEBAUTHN_RP_ID, else the portal's host name; an IP address cannot be
 * one (browsers refuse it), so then `localhost`, where browsers allow WebAuthn over plain http. The
 * origins accepted: WEBAUTHN_ORIGINS, else the portal's own, and the same port on localhost.
 */
export function relyingParty(config: Pick<UpstreamConfig, 'portalUrl' | 'webauthnRpId' | 'webauthnOrigins'>): { id: string; origins: string[] } {
  const portal = new URL(config.portalUrl);
  const isAddress = /^[\d.]+$|^\[/.test(portal.hostname);
  const id = config.webauthnRpId ?? (isAddress ? 'localhost' : portal.hostname);
  const origins = config.webauthnOrigins ?? [...new Set([portal.origin, `${portal.protocol}//${id}${portal.port ? `:${portal.port}` : ''}`])];
  return { id, origins };
}

/** The key that seals authenticator secrets; outside production a stand-in derived from the payload key. */
export function factorKeyOf(config: Pick<UpstreamConfig, 'factorKey' | 'payloadKey'>): string {
  return config.factorKey ?? `derived-for-demo-and-tests:${config.payloadKey}`;
}
