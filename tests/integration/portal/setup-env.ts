import { TEST_KEY } from '../upstream/harness';
import { TEST_CAPTCHA } from './browser';

/** The portal's configuration for in-process route-handler tests. */
export function portalEnv(upstreamUrl: string) {
  process.env.UPSTREAM_URL = upstreamUrl;
  delete process.env.API_URL;
  delete process.env.SSO_URL;
  process.env.PAYLOAD_KEY = TEST_KEY;
  process.env.SESSION_SECRET = 'integration-session-secret-0123456789abcdef';
  process.env.CAPTCHA_TEST_CODE = TEST_CAPTCHA;
}
