import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import type { z } from 'zod';
import { callUpstream } from '../gateway/client';
import { merchantIdsOf } from '../merchants/ids';
import type { loginItem } from '../gateway/define';
import type { GatewayError } from '../gateway/errors';
import { failure, secureRequest, setSessionCookie, success, translatorFor } from '../http/respond';
import { noteUser } from '../log/request';
import { newSessionId, sessionView, type SessionData } from '../session/session';
import { clearPending, deviceLabel, trustDevice } from '../two-step/cookies';
import { CAPTCHA_COOKIE } from './captcha';
import { pendingPasswordChanges } from './password-changes';
import { forget, remember } from './remember';
import { FIRST_LOGIN_PATH, homePath, TWO_STEP_SETUP_PATH } from './routes';
import { FACTOR_CALLS } from '../two-step/calls';

type LoginItem = z.infer<typeof loginItem>;

/**
 * A new session from a login answer (spec sections 4 and 7): identity and menus from the answer,
 * then the merchant list call for the ids it may see (kept beside the session). A user whose
 * organisation requires a second factor it has not set up gets no menus and no merchants until it
 * has (issue 26): the services refuse its token every data call, the merchant list included.
 */
export async function sessionFromLogin(login: LoginItem, now = Date.now()): Promise<{ session: SessionData } | { error: GatewayError }> {
  const session: SessionData = {
    v: 1,
    sid: newSessionId(),
    userId: login.id,
    account: login.loginUser.userName,
    nickName: login.loginUser.nickName,
    rank: login.loginUser.rank,
    rankNo: login.loginUser.rankNo,
    roleId: login.roleId,
    isAdmin: login.loginUser.isAdmin === 1,
    menus: login.factorSetup === 1 ? [] : login.headers,
    pwdFlag: login.pwdFlag === 1,
    opPwdFlag: login.opPwdFlag === 1,
    loginType: login.loginType,
    serviceCode: login.serviceCode,
    token: login.xEftpayToken,
    issuedAt: now,
    lastSeen: now,
    ...(login.factorSetup === 1 ? { factorSetup: true } : {}),
  };
  return session.factorSetup ? { session } : withMerchants(session);
}

/** The session, once the merchant ids it may see are kept beside it (lib/session/merchant-ids.ts). */
export async function withMerchants(session: SessionData): Promise<{ session: SessionData } | { error: GatewayError }> {
  const merchants = await merchantIdsOf(session);
  return merchants.ok ? { session } : { error: merchants.error };
}

/** Where a new session goes first: a password change owed, then a second factor owed, else home. */
export function firstPath(session: SessionData): string {
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management) return FIRST_LOGIN_PATH;
  return session.factorSetup ? TWO_STEP_SETUP_PATH : homePath(session.menus);
}

/**
 * The answer that completes a sign-in (after the password, the second step or a passkey): the new
 * session cookie, the trusted device's cookie when one was asked for, and remember me's next token
 * (or none). The pending second step and the used verification code are cleared.
 */
export async function signedInAnswer(
  request: NextRequest,
  login: LoginItem & { deviceToken?: string; recoveryRemaining?: number },
  rememberMe: boolean,
): Promise<NextResponse> {
  const started = await sessionFromLogin(login);
  if ('error' in started) return failure(request, started.error);
  const { session } = started;
  noteUser(session.userId);
  // Signed in with a recovery code: the user is told how many remain before going on.
  const notice = login.recoveryRemaining !== undefined ? translatorFor(request)('twoStep.recovery.signedIn', { count: login.recoveryRemaining }) : undefined;
  const response = success({ redirect: firstPath(session), session: sessionView(session), ...(notice ? { notice } : {}) });
  await setSessionCookie(request, response, session);
  response.cookies.set(CAPTCHA_COOKIE, '', { path: '/api/auth', maxAge: 0 });
  clearPending(response);
  const secure = secureRequest(request);
  if (login.deviceToken) trustDevice(response, login.deviceToken, secure);
  const token = rememberMe ? await callUpstream(FACTOR_CALLS.rememberDevice, { label: deviceLabel(request.headers.get('user-agent')) }, session) : null;
  if (token?.ok) remember(response, session.account, token.data.rememberToken, secure);
  else forget(response);
  return response;
}
