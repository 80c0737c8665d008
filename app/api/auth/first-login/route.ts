import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { newPasswordSchema } from '@/lib/auth/forms';
import { afterPasswordSet, pendingPasswordChanges } from '@/lib/auth/password-changes';
import { countAttempt } from '@/lib/auth/rate-limit';
import { clientAddress } from '@/lib/http/client';
import { firstPath } from '@/lib/auth/sign-in';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { crossSite, failure, rateLimited, sessionOf, setSessionCookie, success, upstreamError } from '@/lib/http/respond';
import { newSessionId, revokeSession } from '@/lib/session/session';
import { logged } from '@/lib/log/request';
import { SSO_CALLS } from '@/lib/auth/calls';

const firstLoginSchema = z.object({ type: z.union([z.literal(1), z.literal(2)]) }).and(newPasswordSchema);

/**
 * The forced first-login change (spec section 4): the login password, then the management
 * password for roles 1 to 3. Each success clears its flag in a re-issued session cookie.
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const { session } = await sessionOf(request);
  if (!session) return failure(request, { code: 'NOT_SIGNED_IN' });
  const parsed = await readJson(request, firstLoginSchema);
  if (parsed.refused) return parsed.refused;
  const pending = pendingPasswordChanges(session);
  const kind = parsed.data.type === 1 ? 'login' : 'management';
  // Step 2 only once the login password is done (spec section 2).
  if (!pending[kind] || (kind === 'management' && pending.login)) return failure(request, { code: 'FORBIDDEN' });
  const wait = await countAttempt('passwordCheck', session.account, clientAddress(request));
  if (wait > 0) return rateLimited(request, wait);

  const updated = await callUpstream(SSO_CALLS.updatePassword, { type: parsed.data.type, newPassword: parsed.data.newPassword }, session);
  if (!updated.ok) return upstreamError(request, updated.error);
  if (updated.data.success !== 0) {
    const key = updated.data.code?.startsWith('pwd.') ? updated.data.code : 'pwd.updateFailed';
    return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: updated.data.code }, key);
  }
  // A password change re-issues the session (DESIGN.md section 7): new id, the old cookie revoked.
  await revokeSession(session);
  const next = { ...session, sid: newSessionId(), lastSeen: Date.now(), ...afterPasswordSet(parsed.data.type) };
  const remaining = pendingPasswordChanges(next);
  const response = success({ next: remaining.management ? 'management' : 'done', redirect: remaining.management ? null : firstPath(next) });
  await setSessionCookie(request, response, next);
  return response;
}

export const POST = logged('/api/auth/first-login', handle);
