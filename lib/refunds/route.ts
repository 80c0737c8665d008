import 'server-only';
import { type NextRequest, type NextResponse } from 'next/server';
import type { z } from 'zod';
import { pendingPasswordChanges } from '../auth/password-changes';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { GatewayError } from '../gateway/errors';
import type { CallAnswer, CallInput, CallName } from '../gateway/registry';
import { formatAmount } from '../format/money';
import { failure, invalidInput, setSessionCookie, signedIn, success, upstreamError } from '../http/respond';
import { needsTouch, revokeSession, type SessionData } from '../session/session';

/** The refund screens' menu codes: requesting (roles 1, 4, 7) and reviewing (roles 1, 3, 7). */
export type RefundMenu = 'refundRequest' | 'reviewRefund';

/** Amount parameters of the services' refusals are shown as the portal shows money. */
const MONEY_PARAMS = ['balance', 'transAmount'];

function readable(error: GatewayError): GatewayError {
  if (!error.params) return error;
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, MONEY_PARAMS.includes(k) && typeof v === 'string' ? formatAmount(v) : v]));
  return { ...error, params };
}

export interface RefundCall {
  session: SessionData;
  /** Calls the upstream; a dead token also ends the portal session. */
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<GatewayResult<CallAnswer<N>>>;
  /** The browser's view of a failed call (amounts formatted, messages translated). */
  refuse(error: GatewayError): NextResponse;
}

/**
 * The opening every refund route handler shares: same origin, a live session with the screen's
 * menu and no password change owed, a JSON body checked by the schema the form also uses (the
 * first issue's translated message on refusal). Identity and scope come from the session only.
 */
export async function refundRoute<S extends z.ZodType>(request: NextRequest, menu: RefundMenu, schema: S, run: (input: z.infer<S>, context: RefundCall) => Promise<NextResponse | unknown>): Promise<NextResponse> {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management || !session.menus.includes(menu)) return failure(request, { code: 'FORBIDDEN' });
  const parsed = schema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return invalidInput(request, parsed.error.issues);
  let newerVersion = false;
  const context: RefundCall = {
    session,
    async call(name, input) {
      const result = await callUpstream(name, input, session);
      newerVersion ||= result.newerVersion;
      if (!result.ok && result.error.code === 'SESSION_EXPIRED') await revokeSession(session);
      return result;
    },
    refuse: (error) => upstreamError(request, readable(error)),
  };
  const outcome = await run(parsed.data, context);
  if (outcome instanceof Response) return outcome as NextResponse;
  const response = success(outcome, newerVersion);
  if (needsTouch(session)) await setSessionCookie(request, response, { ...session, lastSeen: Date.now() });
  return response;
}
