
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
  if ((env.PAYLOAD_KEY ?? '').length < 16) missing.push('PAYLOAD_KEY (at least 16 characters)');
  return missing;
}
