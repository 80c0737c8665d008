'use strict';
// The build's static files (/_next/static/...) answered from their precompressed copies: the build
// writes a brotli (.br) and a gzip (.gz) file beside each script and stylesheet once
// (scripts/portal-build.mjs), where Next.js would gzip every file again for every browser that
// fetches it (7 ms of the portal's CPU for the largest chunk, about 35 ms for a page's first
// load) and never offers brotli, a fifth smaller. Anything this does not answer (a file without a
// copy, a client that accepts neither coding, a range, an odd path) goes to Next.js as before.
const { existsSync, readFileSync } = require('node:fs');
const { extname, join } = require('node:path');

const PREFIX = '/_next/static/';
/** The paths the build writes: no escapes, no dot segments, nothing but a name's characters. */
const SAFE_PATH = /^\/_next\/static\/(?:[\w-]+\/)*[\w-][\w.-]*$/;
const TYPES = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=UTF-8',
  '.txt': 'text/plain; charset=UTF-8',
};
/** The build's codings, best first, with the suffix of their copies. */
const CODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];
/** What the build compresses: the types above, from this size (a smaller file gains less than its headers). */
const PRECOMPRESS_FROM_BYTES = 512;

/** The codings an Accept-Encoding header accepts (q above 0), `*` standing for any. */
function acceptedCodings(header) {
  const accepted = new Set();
  for (const part of String(header || '').split(',')) {
    const [name, ...params] = part.toLowerCase().split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * The headers next.config.ts gives every path (the security headers), from the build's routes
 * manifest: the static answers carry the same ones Next.js would have sent.
 */
function configuredHeaders(root) {
  const manifest = JSON.parse(readFileSync(join(root, '.next/routes-manifest.json'), 'utf8'));
  return (manifest.headers || []).map((rule) => ({ pattern: new RegExp(rule.regex), headers: rule.headers }));
}

/**
 * A request handler for the static files under `root` (the standalone output): answers and returns
 * true, or returns false for Next.js to answer.
 */
function staticFiles(root) {
  const dir = join(root, '.next/static');
  const rules = configuredHeaders(root);
  /** Copies read once: the static files of one build never change. Only files that exist are kept. */
  const copies = new Map();
  const copyOf = (file) => {
    if (copies.has(file)) return copies.get(file);
    if (!existsSync(file)) return undefined;
    const body = readFileSync(file);
    copies.set(file, body);
    return body;
  };
  const configured = (path, response) => {
    for (const rule of rules) if (rule.pattern.test(path)) for (const { key, value } of rule.headers) response.setHeader(key, value);
  };
  return function serveStatic(request, response) {
    const path = request.url.split('?')[0];
    if (!path.startsWith(PREFIX)) return false;
    // Next.js answers any other method on a static file with a 500, an error of the portal's that is the client's.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      configured(path, response);
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=UTF-8' }).end('Method Not Allowed');
      return true;
    }
    if (request.headers.range || !SAFE_PATH.test(path)) return false;
    const type = TYPES[extname(path)];
    if (!type) return false;
    const accepted = acceptedCodings(request.headers['accept-encoding']);
    for (const [coding, suffix] of CODINGS) {
      if (!accepted.has(coding) && !accepted.has('*')) continue;
      const body = copyOf(join(dir, path.slice(PREFIX.length) + suffix));
      if (!body) continue;
      configured(path, response);
      response.writeHead(200, {
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': type,
        'content-encoding': coding,
        'content-length': body.length,
        vary: 'Accept-Encoding',
      });
      response.end(request.method === 'HEAD' ? undefined : body);
      return true;
    }
    return false;
  };
}

module.exports = { CODINGS, PRECOMPRESS_FROM_BYTES, TYPES, acceptedCodings, staticFiles };
