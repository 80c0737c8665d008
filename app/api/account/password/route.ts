import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { newPasswordSchema } from '@/lib/auth/forms';
import { MANAGEMENT_PASSWORD_ROLES, afterPasswordSet, pendingPasswordChanges } from '@/lib/auth/password-changes';
import { countFailure, waitBeforeAttempt } from '@/lib/auth/rate-limit';
import { clientAddress } from '@/lib/http/client';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { crossSite, failure, rateLimited, sessionOf, setSessionCookie, success, upstreamError } from '@/lib/http/respond';
import { endUserSessions, newSessionId, revokeSession } from '@/lib/session/session';
import { bestEffort } from '@/lib/store/shared-store';
import { logged } from '@/lib/log/request';
import { SSO_CALLS } from '@/lib/auth/calls';

const schema = z.object({ type: z.union([z.literal(1), z.literal(2)]), oldPassword: z.string().min(1).max(256) }).and(newPasswordSchema);

/**
 * Change password from the account menu: the current password is verified by the services in the
 * same call that stores the new one; on success the session is re-issued (DESIGN.md section 7).
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const { session } = await sessionOf(request);
  if (!session) return failure(request, { code: 'NOT_SIGNED_IN' });
  const parsed = await readJson(request, schema);
  if (parsed.refused) return parsed.refused;
  if (parsed.data.type === 2 && !MANAGEMENT_PASSWORD_ROLES.includes(session.roleId)) return failure(request, { code: 'FORBIDDEN' });
  // The forced first-login change has its own page; the management step waits for the login password.
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management) return failure(request, { code: 'FORBIDDEN' });
  const address = clientAddress(request);
  const wait = await waitBeforeAttempt('passwordCheck', session.account, address);
  if (wait > 0) return rateLimited(request, wait);

  const changed = await callUpstream(SSO_CALLS.changePassword, { type: parsed.data.type, oldPassword: parsed.data.oldPassword, newPassword: parsed.data.newPassword }, session);
  if (!changed.ok) return upstreamError(request, changed.error);
  const { success: outcome, code } = changed.data;
  // A wrong current password is what the limit is for; other outcomes cost nothing.
  if (outcome === 1) await countFailure('passwordCheck', session.account, address);
  if (outcome === 1) return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: 'pwd.pwdError' }, 'pwd.pwdError');
  if (outcome === 3) return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: 'OP_PASSWORD_NOT_SET' }, 'password.managementNotSet');
  if (outcome !== 0) return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: code }, code?.startsWith('pwd.') ? code : 'pwd.updateFailed');

  // The user's other sessions end (the services revoked their tokens); this one is issued anew,
  // after that moment, so it lives on: a password change proves the password as a sign-in does.
  const now = Date.now();
  await revokeSession(session);
  await bestEffort(endUserSessions(session.userId, now), 'sessions ended at password change');
  const next = { ...session, sid: newSessionId(), issuedAt: now + 1, lastSeen: now + 1, ...afterPasswordSet(parsed.data.type) };
  const response = success({ updated: true });
  await setSessionCookie(request, response, next);
  return response;
}

export const POST = logged('/api/account/password', handle);
