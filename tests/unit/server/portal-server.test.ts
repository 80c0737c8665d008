import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { clientAddress, PEER_HEADER } from '@/lib/http/client';
// The server entry is CommonJS that runs outside the build.
import { DRAIN } from '@/lib/http/drain';
import { DRAIN as ENTRY_DRAIN, installRequestGuards, LINGER_MS, PEER_HEADER as ENTRY_HEADER, repairUrl } from '@/scripts/portal-server.cjs';

let server: Server;
let port = 0;
beforeAll(async () => {
  installRequestGuards();
  // What a route handler sees of the request, through the portal's own reading of it.
  server = createServer((req, res) => {
    // As a route handler refuses a body past its limit: after its first bytes, without reading the rest.
    if (req.url === '/refuse') return void req.once('data', () => res.writeHead(413, { connection: 'close' }).end('too large'));
    const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
    res.end(JSON.stringify({ address: clientAddress({ headers }, 0), url: req.url, raw: req.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase()) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(path: string, localAddress: string, headers: Record<string, string> = {}): Promise<{ address: string; url: string; raw: string[] }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, localAddress, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * A client streaming a body to /refuse over its own socket (half-open, as a browser's upload goes on
 * after the server's FIN): once the refusal arrives it sends `after` more bytes (all it had left, or
 * Infinity: it never stops), then its end. Answers the status line, how the connection ended (a
 * clean close, or the socket's error code) and the milliseconds from the refusal to that end.
 */
function streamToRefusal(after: number): Promise<{ status: string; ended: string; ms: number }> {
  return new Promise((resolve) => {
    let answer = '';
    let answeredAt = 0;
    let ended = 'cleanly';
    // Chunked, so that no length ends the body: it goes on as long as the client sends.
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(64 * 1024, 'a'), Buffer.from('\r\n')]);
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    socket.write('POST /refuse HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n');
    socket.write(chunk);
    socket.on('data', (data) => {
      const first = !answer;
      answer += data.toString('latin1');
      if (!first) return;
      answeredAt = Date.now();
      let left = after;
      const send = (): void => {
        if (left <= 0) return void socket.end('0\r\n\r\n');
        left -= 64 * 1024;
        socket.write(chunk, (error) => error || send());
      };
      send();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (ended = error.code ?? error.message));
    socket.on('close', () => resolve({ status: answer.split('\r\n')[0] ?? '', ended, ms: Date.now() - answeredAt }));
  });
}

describe('the portal server entry', () => {
  it('lets a client still sending when refused read the refusal and finish sending: no reset', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => streamToRefusal(1024 * 1024)));
    expect(answers.map(({ status, ended }) => ({ status, ended }))).toEqual(Array.from({ length: 5 }, () => ({ status: 'HTTP/1.1 413 Payload Too Large', ended: 'cleanly' })));
  });

  it('cuts a refused client that never stops sending once the lingering time has passed', async () => {
    const { status, ended, ms } = await streamToRefusal(Infinity);
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(ended).toMatch(/^(ECONNRESET|EPIPE)$/);
    expect(ms).toBeGreaterThanOrEqual(LINGER_MS - 100);
    expect(ms).toBeLessThan(LINGER_MS + 5000);
  });

  it('names each client by its TCP peer, dropping the header when a client forges it', async () => {
    expect(ENTRY_HEADER).toBe(PEER_HEADER);
    const forged = { [PEER_HEADER]: '198.51.100.9', 'x-forwarded-for': '198.51.100.10' };
    const two = await get('/api/health', '127.0.0.2', forged);
    const three = await get('/api/health', '127.0.0.3', forged);
    expect([two.address, three.address]).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(two.raw.filter((name) => name === PEER_HEADER)).toEqual([]);
  });

  it('keeps where it says it is stopping where the readiness check looks', () => {
    expect(ENTRY_DRAIN).toBe(DRAIN);
  });

  it('repairs a path whose escapes do not decode, leaving good paths and every query alone', async () => {
    expect((await get('/%ff', '127.0.0.2')).url).toBe('/%25ff');
    expect((await get('/dashboard/%E0%A4%A?x=%ff', '127.0.0.2')).url).toBe('/dashboard/%25E0%25A4%25A?x=%ff');
    expect(repairUrl('/transaction/transactions?merchantNo=%E0%A4%A')).toBe('/transaction/transactions?merchantNo=%E0%A4%A');
    expect(repairUrl('/help/%E9%A6%99%E6%B8%AF')).toBe('/help/%E9%A6%99%E6%B8%AF');
    expect(decodeURIComponent(repairUrl('/%E0%A4%A/%'))).toBe('/%E0%A4%A/%');
  });
});
