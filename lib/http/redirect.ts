import { NextResponse } from 'next/server';

/**
 * A route handler's redirect with a relative Location: the browser resolves it against the address it used, so a
 * portal behind a proxy or reached by another host name keeps its cookies (request.url may name
 * the server's own host instead). The proxy cannot use it: Next requires absolute URLs there, and
 * the proxy's request URL is right.
 */
export function redirectTo(location: string, status: 303 | 307 = 307): NextResponse {
  return new NextResponse(null, { status, headers: { location } });
}
