// `npm start`: builds the portal when its sources changed, starts the reference services
// (creating and seeding their database under .data/ on first start), then serves the portal's
// standalone output (the files the Docker image runs). Ctrl-C stops both; either one that dies is
// restarted on its own (scripts/supervise.mjs), the other going on.
import { join } from 'node:path';
import { demoSecrets } from './demo-secrets.mjs';
import { ensureBuild, ROOT, STANDALONE } from './portal-build.mjs';
import PORTAL_NODE_ARGS from './portal-node-args.json' with { type: 'json' };
import { supervisor } from './supervise.mjs';

const port = process.env.PORT || '3000';
const upstreamPort = process.env.UPSTREAM_PORT || '4000';
const host = process.env.HOST || '0.0.0.0';
const dataDir = process.env.UPSTREAM_DATA_DIR || join(ROOT, '.data');
const secrets = demoSecrets(dataDir);
const upstreamUrl = process.env.UPSTREAM_URL || `http://127.0.0.1:${upstreamPort}`;

ensureBuild();

const { keepRunning, stop } = supervisor({ cwd: ROOT, env: secrets });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`${url} did not answer within ${seconds} s; stopping.`);
  stop(1);
  await new Promise(() => {});
}

keepRunning('The reference services', [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'upstream/server.ts')], {
  UPSTREAM_PORT: upstreamPort,
  UPSTREAM_DATA_DIR: dataDir,
  PORTAL_URL: process.env.PORTAL_URL || `http://localhost:${port}`,
});
// The first start seeds about 200 000 transactions, which takes a minute at most.
await waitFor(`http://127.0.0.1:${upstreamPort}/health`, 300);

keepRunning('The portal', [...PORTAL_NODE_ARGS, join(STANDALONE, 'server.js')], {
  NODE_ENV: 'production',
  PORT: port,
  // server.js binds to HOSTNAME, which shells often set to the machine's name.
  HOSTNAME: host,
  UPSTREAM_URL: upstreamUrl,
  NEXT_TELEMETRY_DISABLED: '1',
});
await waitFor(`http://127.0.0.1:${port}/api/health`, 60);

console.log(`
Merchant portal:      http://localhost:${port}
Reference services:   ${upstreamUrl}  (mail: ${upstreamUrl}/dev/outbox)
Demo users (password Portal#2026): admin, maker@demo.test, checker@demo.test, viewer@demo.test,
  wxali@demo.test, assets@demo.test, partner@demo.test, newcomer@demo.test, other@demo.test
Two-step verification: secure@demo.test (authenticator key KRUGS4ZANFZSAYJAMRSW233TMVRXEZLU,
  recovery codes secur-aaaaa ... secur-jjjjj; see README.md)
`);
