import { defineConfig, devices } from '@playwright/test';
import PORTAL_NODE_ARGS from './scripts/portal-node-args.json';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? 4100);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const CHROMIUM = { ...devices['Desktop Chrome'], channel: undefined };
/** The tag of a test that sets the services' clock (`/dev/clock`). */
export const MOVES_THE_CLOCK_TAG = '@moves-the-clock';
const MOVES_THE_CLOCK = new RegExp(MOVES_THE_CLOCK_TAG);

/** The secrets and fixed values of the end-to-end run; the leak check looks for them. */
export const E2E_ENV = {
  PAYLOAD_KEY: 'e2e-payload-key-4f2a9c1d7b',
  SESSION_SECRET: 'e2e-session-secret-0b8e4d2f6a1c3e5f7a9b1d3f',
  CAPTCHA_TEST_CODE: '2468',
  ALLOW_CAPTCHA_TEST_CODE: '1',
  MOBILE_H5_URL: 'https://m.portal.example',
  UPSTREAM_URL: `http://127.0.0.1:${E2E_UPSTREAM_PORT}`,
};

/**
 * End-to-end tests against the production build's standalone server (what Docker runs) and the
 * reference services (test mode, fresh in-memory database), driven in Debian's Chromium.
 * `npm run test:e2e` builds first when the sources changed.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // One browser at a time. Two take about 10 min against 13 (27 November), but four of five runs
  // with two each met a different test that timed something on a busy machine (docs/performance.md).
  workers: 1,
  reporter: [['list']],
  // A journey of many pages; generous because CI's two cores serve the browser, the portal and the services.
  timeout: 90_000,
  // A sign-in or a server render can take several seconds on CI's two busy cores;
  // the default 5 s would fail a correct page for being busy.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // CI shows only what the run prints, so a trace there costs CPU (screencast, snapshots) for nothing.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium keeps calling home over a network this machine does not have.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The services' clock is one for every session: while a test holds it at another time, a
    // sign-in elsewhere gets a token that has expired by the real time it is put back to. Those
    // tests run first, one at a time, with nothing beside them (`--no-deps` leaves them out).
    { name: 'services-clock', grep: MOVES_THE_CLOCK, workers: 1, use: CHROMIUM },
    { name: 'chromium', grepInvert: MOVES_THE_CLOCK, dependencies: ['services-clock'], use: CHROMIUM },
  ],
  webServer: [
    {
      command: 'node node_modules/tsx/dist/cli.mjs upstream/server.ts',
      url: `${E2E_ENV.UPSTREAM_URL}/health`,
      env: {
        UPSTREAM_PORT: String(E2E_UPSTREAM_PORT),
        UPSTREAM_MODE: 'test',
        UPSTREAM_DATA_DIR: ':memory:',
        SEED_TRANSACTIONS: '20000',
        PAYLOAD_KEY: E2E_ENV.PAYLOAD_KEY,
        PORTAL_URL: baseURL,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: ['node', ...PORTAL_NODE_ARGS, '.next/standalone/server.js'].join(' '),
      url: `${baseURL}/api/health`,
      env: { ...E2E_ENV, PORT: String(E2E_PORT), HOSTNAME: '127.0.0.1', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
