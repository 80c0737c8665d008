// `npm run bench -- islands`: what a list screen's filter form would need to become an island (HTML
// from the server, its code loaded later), shown on the bare Next.js app beside the portal's page.
//  1. Where React's server renderer puts a Suspense boundary that never suspends, by the size of the
//     page and of the boundary (`/boundary` of bench/bare-next): in place, or sent after the rest of
//     the page with its fallback in place until a script moves it (nothing without JavaScript).
//  2. Whether a client component's code is in the first load when the server renders it directly,
//     through next/dynamic, or through React.lazy (`/island/*`).
//  3. The portal's transactions page: its HTML's size and its filter form's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchUpstream, portalSession, startBareNext, startPortal } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 3197);
const BUILD = join(process.cwd(), 'bench/bare-next/.next');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function main() {
  const bare = await startBareNext(PORT + 3);
  try {
    const placement = [];
    for (const shell of [1_000, 12_000, 13_000, 40_000]) {
      const row: Record<string, string> = { 'page outside the boundary': kb(shell) };
      for (const inside of [400, 600, 5_000]) {
        const html = await (await fetch(`${bare.url}/boundary?shell=${shell}&inside=${inside}`)).text();
        row[`boundary of ${inside} B`] = html.includes('id="fallback"') ? 'sent after the page' : 'in place';
      }
      placement.push(row);
    }
    console.log('\nA Suspense boundary that never suspends, in the server\'s answer (React\'s progressive chunk: 12 800 B):');
    console.table(placement);

    const islands = [];
    for (const how of ['direct', 'dynamic', 'lazy']) {
      const html = await (await fetch(`${bare.url}/island/${how}`)).text();
      const scripts = [...new Set(html.match(/static\/chunks\/[^"\\]+\.js/g) ?? [])];
      const shipped = scripts.some((path) => readFileSync(join(BUILD, path), 'utf8').includes('ISLAND_MARKER'));
      islands.push({ 'rendered by the server': how, 'in the HTML': html.includes('id="island"') ? 'yes' : 'no', 'its code in the first load': shipped ? 'yes' : 'no' });
    }
    console.log('\nA client component rendered by the server:');
    console.table(islands);
  } finally {
    await bare.stop();
  }

  const upstream = await benchUpstream(20_000);
  const portal = await startPortal(upstream.url, PORT);
  try {
    const cookie = await portalSession(portal.url);
    const html = await (await fetch(`${portal.url}/transaction/transactions`, { headers: { cookie } })).text();
    const start = html.indexOf('<form');
    const end = html.indexOf('</form>', start) + '</form>'.length;
    console.log('\nThe portal\'s transactions page (20 000 transactions):');
    console.table([{ 'HTML, raw': kb(Buffer.byteLength(html)), 'HTML before the filter form': kb(Buffer.byteLength(html.slice(0, start))), 'the filter form': kb(Buffer.byteLength(html.slice(start, end))) }]);
  } finally {
    await portal.stop();
    await upstream.close();
  }
}

void main();
