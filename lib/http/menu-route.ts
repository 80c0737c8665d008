import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { pendingPasswordChanges } from '../auth/password-changes';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { GatewayError } from '../gateway/errors';
import type { Call, CallAnswer, CallInput } from '../gateway/define';
import { needsTouch, type SessionData } from '../session/session';
import { readJson } from './body';
import { failure, setSessionCookie, signedIn, success, upstreamError } from './respond';

export interface MenuCall {
  session: SessionData;
  /** Calls the upstream; a dead token also ends the portal session. */
  call<C extends Call>(definition: C, input: CallInput<C>): Promise<GatewayResult<CallAnswer<C>>>;
  /** The browser's view of a failed call (its message translated). */
  refuse(error: GatewayError): NextResponse;
}

/**
 * The opening every route handler of one screen shares: same origin (a download hands out a
 * customer's file too, so a link on another site must not fetch one), a live session with the
 * screen's menu and no password change owed. Answers the session, or the refusal to send.
 */
export async function menuSession(request: NextRequest, menu: string): Promise<{ session: SessionData; refused?: undefined } | { session?: undefined; refused: NextResponse }> {
  const opened = await signedIn(request);
  if (opened.refused) return opened;
  const pending = pendingPasswordChanges(opened.session);
  if (pending.login || pending.management || !opened.session.menus.includes(menu)) return { refused: failure(request, { code: 'FORBIDDEN' }) };
  return opened;
}

/**
 * The opening of a state-changing route handler of one screen: same origin, a live session with the
 * screen's menu and no password change owed, a JSON body of at most a form's size checked by the
 * schema the form also uses (lib/http/body.ts: the first issue's translated message on refusal). Identity and scope come from the session only.
 * `readable` adapts a refusal's parameters for the message (amounts as the portal shows money, say).
 */
export async function menuRoute<S extends z.ZodType>(
  request: NextRequest,
  menu: string,
  schema: S,
  run: (input: z.infer<S>, context: MenuCall) => Promise<NextResponse | unknown>,
  readable: (error: GatewayError) => GatewayError = (error) => error,
): Promise<NextResponse> {
  const { session, refused } = await menuSession(request, menu);
  if (refused) return refused;
  const parsed = await readJson(request, schema);
  if (parsed.refused) return parsed.refused;
  let newerVersion = false;
  const context: MenuCall = {
    session,
    async call(definition, input) {
      const result = await callUpstream(definition, input, session);
      newerVersion ||= result.newerVersion;
      return result;
    },
    refuse: (error) => upstreamError(request, readable(error)),
  };
  const outcome = await run(parsed.data, context);
  // NextResponse, not the global Response: under jest's VM the global is another realm's class.
  if (outcome instanceof NextResponse) return outcome;
  const response = success(outcome, newerVersion);
  if (needsTouch(session)) await setSessionCookie(request, response, { ...session, lastSeen: Date.now() });
  return response;
}
