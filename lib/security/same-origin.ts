/**
 * State-changing requests must come from the portal's own pages (on top of SameSite cookies):
 * the Origin header must name this host, or, without Origin, Sec-Fetch-Site must say same-origin.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (origin) {
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  return request.headers.get('sec-fetch-site') === 'same-origin';
}
