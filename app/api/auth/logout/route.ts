import { type NextRequest } from 'next/server';
import { callUpstream } from '@/lib/gateway/client';
import { clearSessionCookie, crossSite, sessionOf, success } from '@/lib/http/respond';
import { revokeSession } from '@/lib/session/session';
import { logged } from '@/lib/log/request';

/**
 * Logout: the upstream token is revoked, the session id is revoked (a replayed cookie is refused),
 * the cookie is cleared. Remember-me cookies stay, as spec section 4 asks.
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const { session } = await sessionOf(request);
  if (session) {
    await callUpstream('logout', {}, session);
    await revokeSession(session);
  }
  const response = success({ redirect: '/login?notice=loggedOut' });
  clearSessionCookie(request, response);
  return response;
}

export const POST = logged('/api/auth/logout', handle);
