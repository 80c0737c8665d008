import { createServer, request as httpRequest, type Server } from 'node:http';
import { clientAddress, PEER_HEADER } from '@/lib/http/client';
// The server entry is CommonJS that runs outside the build.
import { installRequestGuards, PEER_HEADER as ENTRY_HEADER, repairUrl } from '@/scripts/portal-server.cjs';

let server: Server;
let port = 0;
beforeAll(async () => {
  installRequestGuards();
  // What a route handler sees of the request, through the portal's own reading of it.
  server = createServer((req, res) => {
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

describe('the portal server entry', () => {
  it('names each client by its TCP peer, dropping the header when a client forges it', async () => {
    expect(ENTRY_HEADER).toBe(PEER_HEADER);
    const forged = { [PEER_HEADER]: '198.51.100.9', 'x-forwarded-for': '198.51.100.10' };
    const two = await get('/api/health', '127.0.0.2', forged);
    const three = await get('/api/health', '127.0.0.3', forged);
    expect([two.address, three.address]).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(two.raw.filter((name) => name === PEER_HEADER)).toEqual([]);
  });

  it('repairs a path whose escapes do not decode, leaving good paths and every query alone', async () => {
    expect((await get('/%ff', '127.0.0.2')).url).toBe('/%25ff');
    expect((await get('/dashboard/%E0%A4%A?x=%ff', '127.0.0.2')).url).toBe('/dashboard/%25E0%25A4%25A?x=%ff');
    expect(repairUrl('/transaction/transactions?merchantNo=%E0%A4%A')).toBe('/transaction/transactions?merchantNo=%E0%A4%A');
    expect(repairUrl('/help/%E9%A6%99%E6%B8%AF')).toBe('/help/%E9%A6%99%E6%B8%AF');
    expect(decodeURIComponent(repairUrl('/%E0%A4%A/%'))).toBe('/%E0%A4%A/%');
  });
});
