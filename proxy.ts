import { NextResponse, type NextRequest } from 'next/server';
import { API_CSP, createNonce, pageCsp } from './lib/security/headers';

/**
 * Runs before every page and route handler: gives each page request a fresh CSP nonce, which
 * Next reads from the request's CSP header and puts on its own scripts.
 */
export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/')) {
    const response = NextResponse.next();
    response.headers.set('Content-Security-Policy', API_CSP);
    return response;
  }
  const csp = pageCsp({ nonce: createNonce(), development: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico|robots.txt).*)'],
};
