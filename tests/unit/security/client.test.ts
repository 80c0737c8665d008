import { addressBucket, clientAddress, isHttps, PEER_HEADER, portalOrigin } from '@/lib/http/client';
import { isSameOrigin } from '@/lib/security/same-origin';

const request = (headers: Record<string, string>) => new Request('http://portal.test/api/auth/login', { method: 'POST', headers: { host: 'portal.test', ...headers } });

describe('the client address', () => {
  it('is the TCP peer with no trusted proxy, whatever X-Forwarded-For a client writes', () => {
    expect(clientAddress(request({ [PEER_HEADER]: '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }), 0)).toBe('203.0.113.7');
    expect(clientAddress(request({ 'x-forwarded-for': '198.51.100.1' }), 0)).toBe('unknown');
  });

  it('is the entry the outermost trusted proxy appended, and the peer for a request that came round the proxies', () => {
    const forwarded = { [PEER_HEADER]: '10.0.0.5', 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.9' };
    expect(clientAddress(request(forwarded), 1)).toBe('10.0.0.9');
    expect(clientAddress(request(forwarded), 2)).toBe('203.0.113.7');
    expect(clientAddress(request({ [PEER_HEADER]: '10.0.0.5' }), 1)).toBe('10.0.0.5');
    expect(clientAddress(request({ [PEER_HEADER]: '10.0.0.5', 'x-forwarded-for': '203.0.113.7' }), 2)).toBe('10.0.0.5');
  });

  it('counts an IPv4 address alone and an IPv6 client by its /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2::ffff')).toBe(addressBucket('2001:0db8:0001:0002:aaaa::1'));
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('::ffff:192.0.2.1')).toBe('0:0:0:0::/64');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});

describe('the portal origin and the same-origin check', () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXY_HOPS;
    delete process.env.PUBLIC_ORIGIN;
  });

  it('accepts the portal own origin, by Origin or by Sec-Fetch-Site', () => {
    expect(isSameOrigin(request({ origin: 'http://portal.test' }))).toBe(true);
    expect(isSameOrigin(request({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
  });

  it('refuses other sites, odd origins and requests that say nothing', () => {
    expect(isSameOrigin(request({ origin: 'https://evil.test' }))).toBe(false);
    expect(isSameOrigin(request({ origin: 'null' }))).toBe(false);
    expect(isSameOrigin(request({ 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isSameOrigin(request({}))).toBe(false);
  });

  it('compares scheme and port too: https on the http portal, or another port, is another origin', () => {
    const at = (origin: string) => isSameOrigin(new Request('http://127.0.0.1:3950/api/refunds', { method: 'POST', headers: { host: '127.0.0.1:3950', origin } }));
    expect(at('http://127.0.0.1:3950')).toBe(true);
    expect(at('https://127.0.0.1:3950')).toBe(false);
    expect(at('http://127.0.0.1:3951')).toBe(false);
    expect(at('http://127.0.0.1')).toBe(false);
  });

  it('believes X-Forwarded-Host and -Proto only from trusted proxies', () => {
    const forwarded = { host: 'portal-1.internal:3001', 'x-forwarded-host': 'portal.example.com', 'x-forwarded-proto': 'https', origin: 'https://portal.example.com' };
    expect(isSameOrigin(request(forwarded))).toBe(false);
    expect(isHttps(request(forwarded))).toBe(false);
    process.env.TRUSTED_PROXY_HOPS = '1';
    expect(isSameOrigin(request(forwarded))).toBe(true);
    expect(isHttps(request(forwarded))).toBe(true);
  });

  it('is PUBLIC_ORIGIN when set, whatever the request says', () => {
    process.env.PUBLIC_ORIGIN = 'https://portal.example.com';
    expect(portalOrigin(request({}))).toBe('https://portal.example.com');
    expect(isSameOrigin(request({ origin: 'https://portal.example.com' }))).toBe(true);
    expect(isSameOrigin(request({ origin: 'http://portal.test' }))).toBe(false);
  });

  it('makes no origin of a Host that is not a host and port', () => {
    for (const host of ['evil.test/portal.test', 'evil.test@portal.test', 'a b', '']) expect(portalOrigin(request({ host }), 0)).toBeNull();
    expect(portalOrigin(request({ host: '[::1]:3000' }), 0)).toBe('http://[::1]:3000');
  });
});
