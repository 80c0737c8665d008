// Lighthouse performance of the sign-in page, the dashboard and the transactions page, in Debian's
// Chromium, with both settings of issue 17: the desktop preset, and Lighthouse's default mobile
// throttling (4x CPU, slow 4G, simulated) with a desktop user agent, since phones are sent to the
// H5 site. The portal's standalone server and the reference services on PostgreSQL (PGlite when
// none can be started), all on loopback.
//
// `--base=<checkout>` runs the same pages on that checkout's build beside this one, page by page in
// turn on the same services, and `--rounds=N` repeats the whole sequence: a single throttled run
// moves by ten points on this machine, so a change is judged on medians of runs made side by side.
import { BASE_CHECKOUT, benchPostgres, benchUpstream, percentile, portalSession, startPortal } from './harness';

const TRANSACTIONS = Number(process.env.BENCH_LIGHTHOUSE_TRANSACTIONS ?? 200_000);
const PORT = Number(process.env.BENCH_PORT ?? 3198) + 2;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 1);
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** What issue 17 asks of each setting. */
const GOALS = {
  desktop: { score: 95 },
  'mobile throttling': { score: 90, lcpMs: 2500, tbtMs: 200 },
} as const;

interface Audit {
  numericValue?: number;
}

export async function benchLighthouse() {
  // Lighthouse and chrome-launcher are ES modules.
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');

  const postgres = await benchPostgres('lighthouse', 'the Lighthouse benchmark');
  const { databaseUrl } = postgres;
  const upstream = await benchUpstream(TRANSACTIONS, databaseUrl);
  const builds = [{ name: 'this', portal: await startPortal(upstream.url, PORT) }];
  if (BASE_CHECKOUT) builds.unshift({ name: 'base', portal: await startPortal(upstream.url, PORT + 1, [], BASE_CHECKOUT) });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const cookies = new Map(await Promise.all(builds.map(async ({ portal }) => [portal.url, await portalSession(portal.url)] as const)));
    const rows = [];
    // The first page after sign-in of a user with an important notice unanswered (the demo's other@demo.test):
    // a fresh sign-in for each, so that the dialog stands before the page as it did after hydration before.
    const PAGES = [
      ['/login', null],
      ['/dashboard/dashboard', 'admin'],
      ['/transaction/transactions', 'admin'],
      ['/dashboard/dashboard', 'notice'],
      ['/transaction/transactions', 'notice'],
    ] as const;
    for (const [name, config] of [['desktop', desktopConfig], ['mobile throttling', undefined]] as const) {
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [path, who] of PAGES) {
          for (const { name: build, portal } of builds) {
            const session = who === 'notice' ? await portalSession(portal.url, 'other@demo.test') : who ? cookies.get(portal.url) : null;
            const result = await lighthouse(
              `${portal.url}${path}`,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance'],
                extraHeaders: session ? { Cookie: session } : undefined,
                // The mobile setting keeps its screen and throttling; only the user agent is a desktop's.
                ...(config ? {} : { emulatedUserAgent: DESKTOP_UA }),
              },
              config,
            );
            const lhr = result?.lhr;
            if (!lhr) throw new Error(`lighthouse gave no result for ${path}`);
            const audit = (id: string) => (lhr.audits[id] as Audit | undefined)?.numericValue ?? NaN;
            const goal = GOALS[name];
            rows.push({
              setting: name,
              ...(BASE_CHECKOUT ? { build, round } : {}),
              path: who === 'notice' ? `${path} (notice open)` : path,
              score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
              'LCP s': (audit('largest-contentful-paint') / 1000).toFixed(1),
              'TBT ms': audit('total-blocking-time').toFixed(0),
              CLS: audit('cumulative-layout-shift').toFixed(3),
              // A run Lighthouse could not complete says why, instead of a row of NaN.
              ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
              goal: 'lcpMs' in goal ? `score >= ${goal.score}, LCP < ${goal.lcpMs / 1000} s, TBT < ${goal.tbtMs} ms` : `score >= ${goal.score}`,
            });
          }
        }
      }
    }
    console.log(`\nLighthouse performance (Chromium ${CHROMIUM}, loopback, ${TRANSACTIONS} transactions):`);
    console.table(rows);
    if (ROUNDS > 1) {
      const median = (values: number[]) => percentile(values, 50);
      // A run Lighthouse could not complete (NO_NAVSTART now and then) is left out of its page's median.
      const groups = Map.groupBy(
        rows.filter((row) => !('error' in row)),
        (row) => `${row.setting}|${row.build ?? 'this'}|${row.path}`,
      );
      console.log(`\nMedians of ${ROUNDS} rounds (runs: those Lighthouse completed):`);
      console.table(
        [...groups].map(([key, runs]) => {
          const [setting, build, path] = key.split('|');
          return { setting, build, path, runs: runs.length, score: median(runs.map((r) => r.score)), 'LCP s': median(runs.map((r) => Number(r['LCP s']))), 'TBT ms': median(runs.map((r) => Number(r['TBT ms']))), CLS: median(runs.map((r) => Number(r.CLS))) };
        }),
      );
    }
  } finally {
    chrome.kill();
    await Promise.all(builds.map(({ portal }) => portal.stop()));
    await upstream.close();
    postgres.stop();
  }
}

if (require.main === module) void benchLighthouse();
