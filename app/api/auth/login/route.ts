import { type NextRequest } from 'next/server';
import { CAPTCHA_COOKIE, checkCaptcha } from '@/lib/auth/captcha';
import { loginFormSchema } from '@/lib/auth/forms';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { countFailure, forgiveAccount, waitBeforeAttempt } from '@/lib/auth/rate-limit';
import { clientAddress } from '@/lib/http/client';
import { forget, remember, rememberedPassword } from '@/lib/auth/remember';
import { FIRST_LOGIN_PATH, homePath } from '@/lib/auth/routes';
import { sessionFromLogin } from '@/lib/auth/sign-in';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { crossSite, failure, rateLimited, secureRequest, setSessionCookie, success } from '@/lib/http/respond';
import { sessionView } from '@/lib/session/session';
import { logged, noteUser } from '@/lib/log/request';
import { metrics } from '@/lib/metrics/registry';
import { bestEffort } from '@/lib/store/shared-store';

/** Sign-in: verification code, rate limits, upstream login, merchant list, a new session cookie. */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const parsed = await readJson(request, loginFormSchema);
  if (parsed.refused) return parsed.refused;
  const { username, captcha, rememberMe } = parsed.data;

  // The code first: requests without a valid one cost nothing and count nothing, so nobody can
  // lock a user out by naming the account.
  const captchaOk = await checkCaptcha(request.cookies.get(CAPTCHA_COOKIE)?.value, captcha);
  if (!captchaOk) {
    const response = failure(request, { code: 'INVALID_INPUT', upstreamCode: 'CAPTCHA_INVALID' }, 'login.captchaInvalid');
    response.cookies.set(CAPTCHA_COOKIE, '', { path: '/api/auth', maxAge: 0 });
    return response;
  }
  const address = clientAddress(request);
  const wait = await waitBeforeAttempt('login', username, address);
  if (wait > 0) {
    metrics().lockouts.inc({ by: 'portal limit' });
    return rateLimited(request, wait);
  }
  const password = parsed.data.password || (await rememberedPassword(request, username));
  if (!password) return failure(request, { code: 'INVALID_INPUT', upstreamCode: 'PASSWORD_REQUIRED' }, 'login.passwordRequired');

  const login = await callUpstream('login', { username, password }, null);
  if (!login.ok) {
    // Only a refusal of the credentials counts (a wrong password, a locked account); an outage does not.
    if (login.error.code === 'UPSTREAM_REFUSED') {
      await countFailure('login', username, address);
      metrics().signInFailures.inc({ reason: login.error.status === 423 ? 'locked' : login.error.status === 401 ? 'credentials' : 'other' });
      if (login.error.status === 423) metrics().lockouts.inc({ by: 'account' });
    }
    return failure(request, login.error);
  }
  await bestEffort(forgiveAccount('login', username), 'sign-in count cleared');
  const started = await sessionFromLogin(login.data[0] as (typeof login.data)[number]);
  if ('error' in started) return failure(request, started.error);

  const { session } = started;
  noteUser(session.userId);
  const pending = pendingPasswordChanges(session);
  const response = success({ redirect: pending.login || pending.management ? FIRST_LOGIN_PATH : homePath(session.menus), session: sessionView(session) });
  await setSessionCookie(request, response, session);
  response.cookies.set(CAPTCHA_COOKIE, '', { path: '/api/auth', maxAge: 0 });
  if (rememberMe) await remember(response, username, password, secureRequest(request));
  else forget(response);
  return response;
}

export const POST = logged('/api/auth/login', handle);
