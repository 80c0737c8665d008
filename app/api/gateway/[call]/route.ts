import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { callUpstream } from '@/lib/gateway/client';
import { BODY_LIMITS, readJson } from '@/lib/http/body';
import { CALLS, isCallName } from '@/lib/call-catalogue';
import { clearSessionCookie, failure, setSessionCookie, signedIn, success } from '@/lib/http/respond';
import { needsTouch } from '@/lib/session/session';
import { logged } from '@/lib/log/request';

/** Only `input`: anything else in the body is a caller's mistake, refused rather than ignored. */
const bodySchema = z.strictObject({ input: z.record(z.string(), z.unknown()).default({}) });

/**
 * The browser names only the call's own fields: an unknown one (a scope field such as userid, a
 * typo) is refused rather than silently dropped, so the caller learns its request was not what it meant.
 */
function unknownField(schema: z.ZodType, input: Record<string, unknown>): boolean {
  return schema instanceof z.ZodObject && Object.keys(input).some((key) => !Object.hasOwn(schema.shape, key));
}

/**
 * The browser's one door to the upstream calls: a registered, exposed call name, allowed by the
 * session's menus, with identity injected from the session. Always POST, same origin only.
 */
async function handle(request: NextRequest, { params }: { params: Promise<{ call: string }> }) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const { call } = await params;
  if (!isCallName(call) || !(CALLS[call] as { exposed?: boolean }).exposed) return failure(request, { code: 'UNKNOWN_CALL' });
  // While a first-login password change is owed, only /FirstLoginUpdPwd and its handler are open (spec section 4).
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management) return failure(request, { code: 'FORBIDDEN' });
  const body = await readJson(request, bodySchema, BODY_LIMITS.gateway);
  if (body.refused) return body.refused;
  if (unknownField(CALLS[call].input, body.data.input)) return failure(request, { code: 'INVALID_INPUT' });

  const result = await callUpstream(CALLS[call], body.data.input as never, session);
  if (!result.ok) {
    const response = failure(request, result.error, undefined, result.newerVersion);
    // callUpstream has revoked a dead session already; the browser's cookie goes with the answer.
    if (result.error.code === 'SESSION_EXPIRED') clearSessionCookie(request, response);
    return response;
  }
  const response = success(result.data, result.newerVersion);
  if (needsTouch(session)) await setSessionCookie(request, response, { ...session, lastSeen: Date.now() });
  return response;
}

export const POST = logged('/api/gateway/[call]', handle);
