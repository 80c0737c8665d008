import { existsSync } from 'node:fs';
import { pdfFontPath } from './dashboard/pdf-font';
import { missingSecrets } from './session/config';
import { portalLog } from './log/logger';

/**
 * In production the portal refuses to start without its secrets (DESIGN.md section 3); a fixed
 * verification code is announced loudly.
 */
const missing = missingSecrets();
if (process.env.NODE_ENV === 'production' && missing.length > 0) {
  portalLog().fatal({ missing }, 'refusing to start without its secrets');
  process.exit(1);
}
if (process.env.CAPTCHA_TEST_CODE) {
  if (process.env.NODE_ENV === 'production' && process.env.ALLOW_CAPTCHA_TEST_CODE !== '1') {
    portalLog().fatal('refusing to start with CAPTCHA_TEST_CODE in production (set ALLOW_CAPTCHA_TEST_CODE=1 for a test run)');
    process.exit(1);
  }
  portalLog().warn('CAPTCHA_TEST_CODE is set: every verification code is that fixed value (tests only)');
}
if (!existsSync(pdfFontPath())) {
  portalLog().warn({ path: pdfFontPath() }, 'no CJK font at PDF_FONT_PATH: dashboard PDFs will print Latin text only');
}
