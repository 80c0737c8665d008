/**
 * Baseline security headers (DESIGN.md section 3). A page's CSP is per request (it carries the
 * nonce) and is set by proxy.ts; the rest, the API's CSP included, is static and set by
 * next.config.ts.
 */

interface CspOptions {
  nonce: string;
  development: boolean;
}

/**
 * Scripts run only with the request's nonce ('strict-dynamic' lets Next's nonce'd loader pull its
 * chunks). Styles allow inline because antd's server-rendered style tag (components/providers/StyleRegistry.tsx)
 * carries no nonce and antd sets style attributes; see docs/security.md.
 */
export function pageCsp({ nonce, development }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? ' ws:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never documents: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function staticSecurityHeaders(production: boolean): { key: string; value: string }[] {
  const headers = [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  ];
  if (production) {
    headers.push({ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' });
  }
  return headers;
}

/** 128 random bits, base64: unguessable and fresh for every request. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
