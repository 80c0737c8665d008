import { existsSync } from 'node:fs';
import { pdfFontPath } from './dashboard/pdf-font';
import { missingSecrets } from './session/config';

/**
 * In production the portal refuses to start without its secrets (DESIGN.md section 3); a fixed
 * verification code is announced loudly.
 */
const missing = missingSecrets();
if (process.env.NODE_ENV === 'production' && missing.length > 0) {
  console.error(`portal: refusing to start without ${missing.join(' and ')}`);
  process.exit(1);
}
if (process.env.CAPTCHA_TEST_CODE) {
  if (process.env.NODE_ENV === 'production' && process.env.ALLOW_CAPTCHA_TEST_CODE !== '1') {
    console.error('portal: refusing to start with CAPTCHA_TEST_CODE in production (set ALLOW_CAPTCHA_TEST_CODE=1 for a test run)');
    process.exit(1);
  }
  console.warn('portal: WARNING: CAPTCHA_TEST_CODE is set: every verification code is that fixed value (tests only)');
}
if (!existsSync(pdfFontPath())) {
  console.warn(`portal: WARNING: no CJK font at ${pdfFontPath()} (PDF_FONT_PATH): dashboard PDFs will print Latin text only`);
}
