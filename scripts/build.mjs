// `npm run build`: the production build, skipped when nothing changed (`--force` rebuilds).
import { ensureBuild } from './portal-build.mjs';

const built = ensureBuild({ force: process.argv.includes('--force') });
if (!built) console.log('The portal build is current; nothing to do (npm run build -- --force rebuilds).');
