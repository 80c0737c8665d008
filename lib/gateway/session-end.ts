import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { redirect } from 'next/navigation';
import { LOGIN_PATH } from '../auth/routes';
import { currentRequest, REQUEST_ID_HEADER } from '../log/request';
import { revokeSession, type SessionData } from '../session/session';
import type { GatewayError } from './errors';

/**
 * The answer that ends a session: the spec's "UserToken over date, Relogin" (section 4 and 8: it
 * "forces logout"), which the services give a token they no longer take (a password reset or change
 * elsewhere, a deactivation, a revocation). A bare 401 or 405 ("login information expired") is
 * shown as the spec's message and ends nothing: one faulty call must not sign everybody out.
 */
const SESSION_ENDING_CODES: ReadonlySet<GatewayError['code']> = new Set(['SESSION_EXPIRED']);

const SESSION_ENDED_PATH = `${LOGIN_PATH}?notice=sessionEnded`;

/**
 * A page render, not a route handler: route handlers run inside `logged` (currentRequest), and the
 * proxy gives every page request its id header. Scripts and tests have neither.
 */
async function inPageRender(): Promise<boolean> {
  if (currentRequest()) return false;
  try {
    return (await requestHeaders()).has(REQUEST_ID_HEADER);
  } catch {
    return false;
  }
}

/**
 * Wherever a call finds the session dead, it ends here: revoked for every instance (the next
 * navigation, call or tab focus is refused at once), and a page being rendered sends the browser
 * to sign in instead of showing "your session has ended" under the user's name and data (spec
 * section 4). A route handler answers its error; the browser follows it (lib/client/api.ts).
 */
export async function endSessionIfDead(error: GatewayError, session: SessionData | null): Promise<void> {
  if (!session || !SESSION_ENDING_CODES.has(error.code)) return;
  await revokeSession(session);
  // redirect() throws Next's redirect signal: the render stops here, in the layout or the page.
  if (await inPageRender()) redirect(SESSION_ENDED_PATH);
}
