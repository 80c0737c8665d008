import { type NextRequest } from 'next/server';
import { callUpstream } from '@/lib/gateway/client';
import { clearSessionCookie, crossSite, sessionOf, success } from '@/lib/http/respond';
import { sessionConfig } from '@/lib/session/config';
import { openSession, revokeSession } from '@/lib/session/session';
import { isStoreUnavailable } from '@/lib/store/shared-store';
import { logged } from '@/lib/log/request';
import { SSO_CALLS } from '@/lib/auth/calls';

/**
 * Logout: the upstream token is revoked, the session id is revoked (a replayed cookie is refused),
 * the cookie is cleared. Remember-me cookies stay, as spec section 4 asks. With the shared store
 * away the user still leaves: the dead upstream token already refuses a replayed cookie.
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const { session } = await sessionOf(request).catch((error: unknown) => {
    if (!isStoreUnavailable(error)) throw error;
    return openSession(request.cookies.get(sessionConfig().cookieName)?.value, Date.now(), { checkRevocation: false });
  });
  if (session) {
    await callUpstream(SSO_CALLS.logout, {}, session);
    await revokeSession(session);
  }
  const response = success({ redirect: '/login?notice=loggedOut' });
  clearSessionCookie(request, response);
  return response;
}

export const POST = logged('/api/auth/logout', handle);
