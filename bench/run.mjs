// `npm run bench`: every benchmark, printing its figures. Figures, not pass/fail: the goals are in
// the issues and docs/performance.md.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild } from '../scripts/portal-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
// The portal benchmarks run the production build.
ensureBuild();
const only = process.argv.slice(2);
// The soak runs only when named (`npm run bench -- soak --seconds=60`): ten minutes by default; so does
// the scale comparison (`npm run bench -- scale`), which seeds two profiles, and the islands' check
// (`npm run bench -- islands`), which shows a framework's fact, not a figure that moves, and the
// screens' comparison with another build (`npm run bench -- screens --base=<checkout>`).
const names = only.filter((a) => !a.startsWith('--'));
const flags = only.filter((a) => a.startsWith('--'));
const benches = names.length === 0 ? ['bench/upstream.ts', 'bench/gateway.ts', 'bench/render.ts', 'bench/portal.ts', 'bench/first-load.ts', 'bench/lighthouse.ts'] : ['bench/upstream.ts', 'bench/gateway.ts', 'bench/render.ts', 'bench/portal.ts', 'bench/first-load.ts', 'bench/lighthouse.ts', 'bench/soak.ts', 'bench/scale.ts', 'bench/islands.ts', 'bench/screens.ts'].filter((b) => names.some((o) => b.includes(o)));
for (const bench of benches) {
  console.log(`\n== ${bench}`);
  const result = spawnSync(process.execPath, ['--max-old-space-size=8192', tsx, join(root, bench), ...flags], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
