import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptedCodings, staticFiles } from '@/scripts/portal-static.cjs';

const SCRIPT = Buffer.from(`console.log(${JSON.stringify('a chunk '.repeat(200))});`);
let root: string;
let server: Server;
let port = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'portal-static-'));
  const chunks = join(root, '.next/static/chunks');
  mkdirSync(chunks, { recursive: true });
  for (const name of ['app.js', 'plain.js']) writeFileSync(join(chunks, name), SCRIPT);
  writeFileSync(join(chunks, 'app.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(chunks, 'app.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(chunks, 'font.woff2.br'), 'not a type the build compresses');
  writeFileSync(join(root, '.next/routes-manifest.json'), JSON.stringify({ headers: [{ source: '/:path*', regex: '^(?:/(.*))?$', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] }] }));
  const serve = staticFiles(root);
  // What Next.js would have answered is marked, so that a test sees who answered.
  server = createServer((request, response) => void (serve(request, response) || response.writeHead(200, { 'x-answered-by': 'next' }).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status?: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the build’s static files, precompressed', () => {
  it('sends the brotli copy to a browser that takes it, with the configured headers, cached for good', async () => {
    const answer = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'application/javascript; charset=UTF-8', 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding', 'x-frame-options': 'DENY' });
    expect(brotliDecompressSync(answer.body).equals(SCRIPT)).toBe(true);
  });

  it('sends gzip to a client that refuses brotli or never names it', async () => {
    for (const accept of ['br;q=0, gzip', 'gzip']) {
      const answer = await get('/_next/static/chunks/app.js', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(answer.body).equals(SCRIPT)).toBe(true);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const answer = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect({ encoding: answer.headers['content-encoding'], bytes: answer.body.length }).toEqual({ encoding: 'br', bytes: 0 });
  });

  it('refuses a method other than GET and HEAD on a static file with 405, not a server error', async () => {
    for (const method of ['POST', 'OPTIONS', 'DELETE']) {
      const answer = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, method);
      expect({ method, status: answer.status, allow: answer.headers.allow, frame: answer.headers['x-frame-options'], by: answer.headers['x-answered-by'] }).toEqual({ method, status: 405, allow: 'GET, HEAD', frame: 'DENY', by: undefined });
    }
  });

  it.each([
    ['a client that takes neither coding', '/_next/static/chunks/app.js', { 'accept-encoding': 'identity' }],
    ['no Accept-Encoding at all', '/_next/static/chunks/app.js', {}],
    ['a range', '/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-10' }],
    ['a file without copies', '/_next/static/chunks/plain.js', { 'accept-encoding': 'br' }],
    ['a file that is not there', '/_next/static/chunks/missing.js', { 'accept-encoding': 'br' }],
    ['a type the build does not compress', '/_next/static/chunks/font.woff2', { 'accept-encoding': 'br' }],
    ['a dot segment', '/_next/static/chunks/../chunks/app.js', { 'accept-encoding': 'br' }],
    ['an escaped path', '/_next/static/chunks/%2e%2e/chunks/app.js', { 'accept-encoding': 'br' }],
    ['a path outside the static files', '/chunks/app.js', { 'accept-encoding': 'br' }],
  ])('leaves %s to Next.js', async (_name, path, headers) => {
    expect((await get(path, headers)).headers['x-answered-by']).toBe('next');
  });

  it('reads Accept-Encoding as RFC 9110 does: a q of 0 refuses, * stands for any', () => {
    expect([...acceptedCodings('gzip;q=0.5, br;q=0, *')]).toEqual(['gzip', '*']);
    expect([...acceptedCodings('BR ; q=1.0')]).toEqual(['br']);
    expect([...acceptedCodings(undefined)]).toEqual([]);
  });
});
