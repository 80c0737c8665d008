// `npm start`: builds the portal when its sources changed, then serves the standalone output
// (the same files the Docker image runs) on PORT (default 3000). Ctrl-C stops it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, STANDALONE } from './portal-build.mjs';

const port = process.env.PORT || '3000';
const host = process.env.HOST || '0.0.0.0';

ensureBuild();

const portal = spawn(process.execPath, [join(STANDALONE, 'server.js')], {
  stdio: 'inherit',
  // server.js binds to HOSTNAME, which shells often set to the machine's name.
  env: { ...process.env, NODE_ENV: 'production', PORT: port, HOSTNAME: host, NEXT_TELEMETRY_DISABLED: '1' },
});

console.log(`\nMerchant portal: http://localhost:${port}\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => portal.kill(signal));
}
portal.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
