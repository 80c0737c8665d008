import { existsSync } from 'node:fs';
import { pdfFontPath } from './dashboard/pdf-font';
import { missingSecrets } from './session/config';
import pino from 'pino';
import { createLogger, portalLog } from './log/logger';

/**
 * In production the portal refuses to start without its secrets (DESIGN.md section 3); a fixed
 * verification code is announced loudly.
 */
/**
 * A refusal to start goes to stderr, where an operator (and a process manager's error log) looks
 * when a server exits at once; the request logs stay on stdout.
 */
function refuseToStart(message: string, fields: Record<string, unknown> = {}): never {
  createLogger('portal', process.env, pino.destination({ dest: 2, sync: true })).fatal(fields, message);
  process.exit(1);
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
if (!existsSync(pdfFontPath())) {
  portalLog().warn({ path: pdfFontPath() }, 'no CJK font at PDF_FONT_PATH: dashboard PDFs will print Latin text only');
}
