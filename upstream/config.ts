import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { APP_VERSION } from '../lib/version';

export type UpstreamMode = 'demo' | 'test' | 'production';

export interface UpstreamConfig {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  payloadKey: string;
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
}

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

/**
 * A secret from the environment, or in demo and test mode one generated once into the data
 * folder, so that the portal started beside the services shares it. Production requires it.
 */
export function secretFromEnvOrFile(name: string, dataDir: string, mode: UpstreamMode, env = process.env): string {
  const fromEnv = env[name];
  if (fromEnv) return fromEnv;
  if (mode === 'production') throw new Error(`${name} must be set in production`);
  const file = join(dataDir, `${name.toLowerCase()}.secret`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
  const mode: UpstreamMode = env.UPSTREAM_MODE === 'test' || env.UPSTREAM_MODE === 'production' ? env.UPSTREAM_MODE : 'demo';
  const dataDir = env.UPSTREAM_DATA_DIR || join(process.cwd(), '.data');
  return {
    port: number(env.UPSTREAM_PORT, 4000),
    host: env.UPSTREAM_HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    payloadKey: secretFromEnvOrFile('PAYLOAD_KEY', dataDir, mode, env),
    version: env.UPSTREAM_VERSION || APP_VERSION,
    mode,
    portalUrl: env.PORTAL_URL || `http://localhost:${env.PORT || 3000}`,
    tokenTtlMinutes: number(env.TOKEN_TTL_MINUTES, 12 * 60),
    resetLinkMinutes: number(env.RESET_LINK_MINUTES, 5),
    lockoutFailures: number(env.LOCKOUT_FAILURES, 10),
    lockoutMinutes: number(env.LOCKOUT_MINUTES, 30),
    maxInputBytes: number(env.MAX_INPUT_BYTES, 64 * 1024),
  };
}
