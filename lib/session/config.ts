import { createHash } from 'node:crypto';

const minutes = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/** DESIGN.md section 7: idle timeout 15 minutes (PCI DSS 8.2.8), absolute lifetime 12 hours. */
export function sessionConfig(env: NodeJS.ProcessEnv = process.env) {
  return {
    cookieName: 'portal_session',
    secret: env.SESSION_SECRET ?? '',
    idleMs: minutes(env.SESSION_IDLE_MINUTES, 15) * 60_000,
    maxAgeMs: minutes(env.SESSION_MAX_HOURS, 12) * 3_600_000,
    /** lastSeen is re-sealed at most this often, to keep Set-Cookie churn low. */
    touchEveryMs: 60_000,
  };
}

/** The secrets the portal cannot run without in production; checked at start (instrumentation.ts). */
export function missingSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const missing: string[] = [];
  if ((env.SESSION_SECRET ?? '').length < 32) missing.push('SESSION_SECRET (at least 32 characters)');
  if (acceptedSecrets(env).some((secret) => secret.length < 32)) missing.push('SESSION_SECRET_ACCEPTED entries of at least 32 characters');
  if ((env.PAYLOAD_KEY ?? '').length < 16) missing.push('PAYLOAD_KEY (at least 16 characters)');
  return missing;
}

/**
 * The session secrets, for rotation without signing anyone out (docs/operations.md, "Rotating
 * secrets"): SESSION_SECRET seals, and it or any of SESSION_SECRET_ACCEPTED (comma-separated)
 * opens. A sealed cookie names its secret by an id drawn from the secret itself, so the id stays
 * the same while the secret moves from sealing to accepted.
 */
export function acceptedSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.SESSION_SECRET_ACCEPTED ?? '').split(',').map((secret) => secret.trim()).filter(Boolean);
}

const secretId = (secret: string) => parseInt(createHash('sha256').update(secret).digest('hex').slice(0, 12), 16);

/** Iron's password map for sealing: the current secret alone. */
export function sealingPassword(env: NodeJS.ProcessEnv = process.env): Record<number, string> {
  const secret = env.SESSION_SECRET ?? '';
  return { [secretId(secret)]: secret };
}

/**
 * The id iron-session gives a secret passed alone, as the portal sealed with before secrets had
 * ids (release 4.4.9): cookies sealed so are opened with the current secret until they expire
 * (a session's 12 hours, remember-me's day), so that this release signs nobody out.
 */
const UNNAMED_SECRET_ID = 1;

/** Iron's password map for opening: the current secret and every accepted one. */
export function openingPasswords(env: NodeJS.ProcessEnv = process.env): Record<number, string> {
  const current = env.SESSION_SECRET ?? '';
  return { [UNNAMED_SECRET_ID]: current, ...Object.fromEntries([current, ...acceptedSecrets(env)].map((secret) => [secretId(secret), secret])) };
}
