import { portalOrigin } from '../http/client';

/**
 * State-changing requests must come from the portal's own pages (on top of SameSite cookies): the
 * Origin header must be the portal's origin, scheme, host and port (lib/http/client.ts), or,
 * without Origin, Sec-Fetch-Site must say same-origin.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin) {
    const expected = portalOrigin(request);
    return expected !== null && origin === expected;
  }
  return request.headers.get('sec-fetch-site') === 'same-origin';
}
