import { join } from 'node:path';

// Only the portal's own step: Turbopack's CSS pipeline (Lightning CSS) still prefixes and minifies.
// The path is absolute because Turbopack requires the plugin from its own build folder.
const config = { plugins: { [join(process.cwd(), 'scripts/postcss-antd-unused.cjs')]: {} } };
export default config;
