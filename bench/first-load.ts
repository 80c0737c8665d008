// `npm run bench -- first-load [--base=<checkout>]`: the JavaScript each signed-in page loads before
// any interaction (every `<script src>` of its HTML but Next's noModule polyfill, gzip -9, as
// docs/performance.md has measured it since issue 6), for the shell alone, the dashboard and every
// list screen; with `--base`, beside that checkout's build on the same services. Quick (demo data):
// the portal bench prints the same measure for a few pages beside its million-row figures.
import { BASE_CHECKOUT, benchUpstream, firstLoad, LIST_SCREENS, portalSession, startPortal } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3297);
const GOAL_KB = 300;
const PAGES = ['/forbidden', '/dashboard/dashboard', ...LIST_SCREENS];

async function figures(upstreamUrl: string, port: number, root?: string): Promise<number[]> {
  const portal = await startPortal(upstreamUrl, port, [], root);
  try {
    const cookie = await portalSession(portal.url);
    const sizes = [];
    for (const path of PAGES) sizes.push((await firstLoad(portal.url, { cookie }, path)).gzip / 1024);
    return sizes;
  } finally {
    await portal.stop();
  }
}

async function main() {
  const upstream = await benchUpstream(5_000);
  try {
    const current = await figures(upstream.url, PORT);
    const base = BASE_CHECKOUT ? await figures(upstream.url, PORT + 1, BASE_CHECKOUT) : undefined;
    console.log(`\nFirst-load JavaScript of each signed-in page, KB gzip (admin; goal under ${GOAL_KB} KB, issue 29; /forbidden is the shell alone):`);
    console.table(
      PAGES.map((path, i) => ({
        path,
        ...(base ? { base: base[i]?.toFixed(1) } : {}),
        this: current[i]?.toFixed(1),
        ...(base ? { change: ((current[i] ?? 0) - (base[i] ?? 0)).toFixed(1) } : {}),
        'under goal': (current[i] ?? Infinity) < GOAL_KB ? 'yes' : 'no',
      })),
    );
  } finally {
    await upstream.close();
  }
}

void main();
