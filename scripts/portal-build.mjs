// The portal's production build, shared by `npm start`, `npm test` and `npm run build`:
// builds only when the sources changed since the last build, then assembles the standalone
// output exactly as the Dockerfile copies it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, relative } from 'node:path';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';

const { CODINGS, PRECOMPRESS_FROM_BYTES, TYPES } = createRequire(import.meta.url)('./portal-static.cjs');

export const ROOT = new URL('..', import.meta.url).pathname;
export const STANDALONE = join(ROOT, '.next/standalone');
const FINGERPRINT_FILE = join(ROOT, '.next/source-fingerprint');
const SOURCES = ['app', 'components', 'lib', 'messages', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.ts', 'postcss.config.mjs', 'scripts/postcss-antd-unused.cjs', 'scripts/antd-client-styles.cjs', 'scripts/antd-form-context.cjs', 'scripts/portal-server.cjs', 'scripts/portal-static.cjs', 'package-lock.json', 'tsconfig.json'];

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

/** A hash of every source file's path and content, plus the build-time environment. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of files(join(ROOT, source))) {
      hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  hash.update(process.env.NEXT_PUBLIC_TIME_ZONE ?? '');
  return hash.digest('hex');
}

export function buildIsCurrent() {
  return (
    existsSync(join(STANDALONE, 'server.js')) &&
    existsSync(FINGERPRINT_FILE) &&
    readFileSync(FINGERPRINT_FILE, 'utf8') === sourceFingerprint()
  );
}

/**
 * A brotli and a gzip copy beside each static script and stylesheet, each at its best level, for
 * the server entry to send as they are (scripts/portal-static.cjs).
 */
function precompressStatic(dir) {
  for (const file of files(dir)) {
    if (!(extname(file) in TYPES) || statSync(file).size < PRECOMPRESS_FROM_BYTES) continue;
    const body = readFileSync(file);
    const copies = {
      '.br': () => brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      '.gz': () => gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
    for (const [, suffix] of CODINGS) writeFileSync(file + suffix, copies[suffix]());
  }
}

/** Builds when needed; returns true when a build ran. Exits the process when the build fails. */
export function ensureBuild({ force = false } = {}) {
  if (!force && buildIsCurrent()) return false;
  const fingerprint = sourceFingerprint();
  rmSync(FINGERPRINT_FILE, { force: true });
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('The portal build failed.');
    process.exit(result.status ?? 1);
  }
  cpSync(join(ROOT, '.next/static'), join(STANDALONE, '.next/static'), { recursive: true });
  if (existsSync(join(ROOT, 'public'))) cpSync(join(ROOT, 'public'), join(STANDALONE, 'public'), { recursive: true });
  // The portal's own entry goes first (scripts/portal-server.cjs), then Next.js's.
  renameSync(join(STANDALONE, 'server.js'), join(STANDALONE, 'next-server.js'));
  cpSync(join(ROOT, 'scripts/portal-server.cjs'), join(STANDALONE, 'server.js'));
  cpSync(join(ROOT, 'scripts/portal-static.cjs'), join(STANDALONE, 'portal-static.cjs'));
  precompressStatic(join(STANDALONE, '.next/static'));
  writeFileSync(FINGERPRINT_FILE, fingerprint);
  return true;
}
