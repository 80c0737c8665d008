import { createNonce, pageCsp, staticSecurityHeaders } from '@/lib/security/headers';

describe('page CSP', () => {
  it('lets scripts run only with the nonce, never inline or eval in production', () => {
    const csp = pageCsp({ nonce: 'abc', development: false });
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('gives each request a fresh, unguessable nonce', () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('sends HSTS only in production', () => {
    const names = (production: boolean) => staticSecurityHeaders(production).map((h) => h.key);
    expect(names(true)).toContain('Strict-Transport-Security');
    expect(names(false)).not.toContain('Strict-Transport-Security');
    expect(names(false)).toEqual(expect.arrayContaining(['X-Content-Type-Options', 'Referrer-Policy']));
  });
});
