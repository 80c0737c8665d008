import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { callUpstream } from '@/lib/gateway/client';
import { CALLS, isCallName, type CallName } from '@/lib/gateway/registry';
import { clearSessionCookie, failure, setSessionCookie, signedIn, success } from '@/lib/http/respond';
import { needsTouch, revokeSession } from '@/lib/session/session';

const bodySchema = z.object({ input: z.record(z.string(), z.unknown()).default({}) });

/**
 * The browser's one door to the upstream calls: a registered, exposed call name, allowed by the
 * session's menus, with identity injected from the session. Always POST, same origin only.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ call: string }> }) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const { call } = await params;
  if (!isCallName(call) || !(CALLS[call] as { exposed?: boolean }).exposed) return failure(request, { code: 'UNKNOWN_CALL' });
  // While a first-login password change is owed, only /FirstLoginUpdPwd and its handler are open (spec section 4).
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management) return failure(request, { code: 'FORBIDDEN' });
  const body = bodySchema.safeParse(await request.json().catch(() => ({})));
  if (!body.success) return failure(request, { code: 'INVALID_INPUT' });

  const result = await callUpstream(call as CallName, body.data.input as never, session);
  if (!result.ok) {
    const response = failure(request, result.error, undefined, result.newerVersion);
    if (result.error.code === 'SESSION_EXPIRED') {
      await revokeSession(session);
      clearSessionCookie(request, response);
    }
    return response;
  }
  const response = success(result.data, result.newerVersion);
  if (needsTouch(session)) await setSessionCookie(request, response, { ...session, lastSeen: Date.now() });
  return response;
}
