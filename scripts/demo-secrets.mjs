// The demo's secrets: taken from the environment when set, otherwise generated once into
// .data/secrets.json (git-ignored, readable by the owner only) so restarts keep sessions valid.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// METRICS_TOKEN: the demo's scraper token, so that /api/metrics answers there too (with it).
// FACTOR_KEY: seals the authenticator secrets at rest in the services' database (issue 26).
const NAMES = ['PAYLOAD_KEY', 'SESSION_SECRET', 'METRICS_TOKEN', 'FACTOR_KEY'];

export function demoSecrets(dataDir) {
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = {};
  let changed = false;
  for (const name of NAMES) {
    secrets[name] = process.env[name] || stored[name];
    if (!secrets[name]) {
      secrets[name] = randomBytes(32).toString('base64url');
      stored[name] = secrets[name];
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return secrets;
}
