import { NextResponse, type NextRequest } from 'next/server';
import { mobileTarget } from './lib/auth/mobile';
import { isHttps } from './lib/http/client';
import { isPageRequest } from './lib/http/page-body';
import { currentRequest, logged, noteUser, REQUEST_ID_HEADER } from './lib/log/request';
import { FORBIDDEN_PATH, LOGIN_PATH, navigate } from './lib/auth/routes';
import { createNonce, pageCsp } from './lib/security/headers';
import { leaveRenderGate } from './lib/server/render-gate';
import { sessionConfig } from './lib/session/config';
import { needsTouch, openSession, sealSession, sessionCookieSettings, type SessionData } from './lib/session/session';

/**
 * A page read by a script (the router's payload fetch or prefetch), not by the browser loading a
 * document. Next keeps its own router headers from the proxy; the browser's fetch metadata says it.
 */
const isScriptedRead = (request: NextRequest) => request.method === 'GET' && request.headers.get('sec-fetch-dest') === 'empty';

/**
 * Runs before every page: the mobile redirect, the navigation rules of spec
 * section 2, the idle-timeout refresh, and a fresh CSP nonce per page. A convenience, not the
 * security boundary: pages and route handlers check the session again.
 */
async function handle(request: NextRequest) {
  // Only reads and server actions reach a page; anything else that sends a body is refused here.
  if (!isPageRequest(request.method, request.headers)) return new NextResponse(null, { status: 405, headers: { allow: 'GET, HEAD' } });
  const { pathname } = request.nextUrl;
  const mobile = mobileTarget(request.nextUrl, request.headers.get('user-agent'), process.env.MOBILE_H5_URL);
  if (mobile) return NextResponse.redirect(mobile, 307);

  const { cookieName } = sessionConfig();
  const cookie = request.cookies.get(cookieName)?.value;
  const { session } = await openSession(cookie);
  if (session) noteUser(session.userId);
  const secure = isHttps(request);
  // A client navigation (the router fetching a page's payload) that arrives with a dead session: the
  // router follows a redirect in place, which would keep the ended session's pages in its memory
  // (and on Back). An answer that is not a payload makes it load the address in full instead, and
  // that load, still carrying the cookie, is sent to sign-in below with "your session has ended".
  if (cookie && !session && isScriptedRead(request)) return new NextResponse(null, { status: 401, headers: { 'cache-control': 'no-store' } });
  const decision = navigate(pathname, session);

  if (decision.kind === 'logout') {
    const response = NextResponse.redirect(new URL(cookie ? `${LOGIN_PATH}?notice=sessionEnded` : LOGIN_PATH, request.url), 307);
    response.cookies.set(cookieName, '', { path: '/', maxAge: 0 });
    return response;
  }
  if (decision.kind === 'redirect') return NextResponse.redirect(new URL(decision.to, request.url), 307);

  const response = pageResponse(request, decision.kind === 'forbidden' ? new URL(FORBIDDEN_PATH, request.url) : undefined);
  if (cookie && !session) response.cookies.set(cookieName, '', { path: '/', maxAge: 0 });
  if (session && needsTouch(session)) await touch(response, session, secure);
  return response;
}

/** The page asked for, or (`rewrite`) another page shown at the same address. */
function pageResponse(request: NextRequest, rewrite?: URL) {
  const csp = pageCsp({ nonce: createNonce(), development: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', csp);
  // The page's upstream calls log under the same id (lib/gateway/client.ts).
  requestHeaders.set(REQUEST_ID_HEADER, currentRequest()?.requestId ?? '');
  const init = { request: { headers: requestHeaders } };
  if (rewrite) leaveRenderGate();
  const response = rewrite ? NextResponse.rewrite(rewrite, init) : NextResponse.next(init);
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

/** Idle timeout: a used session's last-seen time moves forward (DESIGN.md section 7). */
async function touch(response: NextResponse, session: SessionData, secure: boolean) {
  const next = { ...session, lastSeen: Date.now() };
  response.cookies.set(sessionConfig().cookieName, await sealSession(next), sessionCookieSettings(secure, next));
}

/** A page's path for the log: the reset link's id is a secret and stays out, and a path a client made long is cut. */
const pagePath = (request: NextRequest) => request.nextUrl.pathname.replace(/^\/reset\/.*/, '/reset/[randomid]').slice(0, 200);

export const proxy = logged(pagePath, handle);

/**
 * Pages only. Route handlers (/api/*) check the session themselves and get their CSP from
 * next.config.ts: running the proxy for them would unseal every session twice.
 */
export const config = {
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|robots.txt|icon.svg).*)'],
};
