import { existsSync } from 'node:fs';
import { pdfFontPath } from './dashboard/pdf-font';
import { missingSecrets } from './session/config';
import pino from 'pino';
import { createLogger, portalLog } from './log/logger';

/*
 * In production the portal refuses to start without its secrets (DESIGN.md section 3) or with a
 * configuration that would make its limits wrong; a fixed verification code is announced loudly.
 */

/**
 * A refusal to start goes to stderr, where an operator (and a process manager's error log) looks
 * when a server exits at once; the request logs stay on stdout.
 */
function refuseToStart(message: string, fields: Record<string, unknown> = {}): never {
  createLogger('portal', process.env, pino.destination({ dest: 2, sync: true })).fatal(fields, message);
  process.exit(1);
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const missing = missingSecrets();
if (process.env.NODE_ENV === 'production' && missing.length > 0) {
  refuseToStart(`refusing to start without ${missing.join(' and ')}`, { missing });
}
if (process.env.CAPTCHA_TEST_CODE) {
  if (process.env.NODE_ENV === 'production' && process.env.ALLOW_CAPTCHA_TEST_CODE !== '1') {
    refuseToStart('refusing to start with CAPTCHA_TEST_CODE in production (set ALLOW_CAPTCHA_TEST_CODE=1 for a test run)');
  }
  portalLog().warn('CAPTCHA_TEST_CODE is set: every verification code is that fixed value (tests only)');
}
// Without the portal's server entry nobody names the client (lib/http/client.ts): every caller
// would share one per-address limit, which is how one client could lock everyone out.
if (process.env.NODE_ENV === 'production' && !(globalThis as Record<symbol, unknown>)[Symbol.for('portal.serverEntry')]) {
  refuseToStart('refusing to start without the portal\'s server entry: run `node server.js` of the standalone output (scripts/portal-server.cjs), not `next start`');
}
if (process.env.TRUSTED_PROXY_HOPS && !/^\d{1,2}$/.test(process.env.TRUSTED_PROXY_HOPS)) {
  refuseToStart('TRUSTED_PROXY_HOPS must be the number of proxies in front of the portal (0 when clients reach it directly)', { TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS });
}
if (process.env.PUBLIC_ORIGIN && !isOrigin(process.env.PUBLIC_ORIGIN)) {
  refuseToStart('PUBLIC_ORIGIN must be the portal\'s public origin, such as https://portal.example.com (scheme, host and port, no path)', { PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN });
}
if (!existsSync(pdfFontPath())) {
  portalLog().warn({ path: pdfFontPath() }, 'no CJK font at PDF_FONT_PATH: dashboard PDFs will print Latin text only');
}
