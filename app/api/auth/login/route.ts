import { type NextRequest } from 'next/server';
import { CAPTCHA_COOKIE, checkCaptcha } from '@/lib/auth/captcha';
import { loginFormSchema } from '@/lib/auth/forms';
import { countFailure, forgiveAccount, waitBeforeAttempt } from '@/lib/auth/rate-limit';
import { REMEMBER } from '@/lib/auth/remember';
import { signedInAnswer } from '@/lib/auth/sign-in';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { crossSite, failure, rateLimited, secureRequest, success } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { metrics } from '@/lib/metrics/registry';
import { bestEffort } from '@/lib/store/shared-store';
import { setPending, TRUSTED_DEVICE_COOKIE } from '@/lib/two-step/cookies';
import { SSO_CALLS } from '@/lib/auth/calls';

/**
 * Sign-in: verification code, rate limits, upstream login (the password, or remember me's token in
 * its place), then either a new session cookie or, for a user with a second factor on a device it
 * does not trust, the pending second step: a sealed cookie that opens only /api/auth/second-step.
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const parsed = await readJson(request, loginFormSchema);
  if (parsed.refused) return parsed.refused;
  const { username, password, captcha, rememberMe } = parsed.data;

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
  // Remember me's token stands in for an empty password, for the account it was issued to only.
  const rememberToken = password ? undefined : request.cookies.get(REMEMBER.username)?.value === username ? request.cookies.get(REMEMBER.token)?.value : undefined;
  if (!password && !rememberToken) return failure(request, { code: 'INVALID_INPUT', upstreamCode: 'PASSWORD_REQUIRED' }, 'login.passwordRequired');

  const deviceToken = request.cookies.get(TRUSTED_DEVICE_COOKIE)?.value;
  const login = await callUpstream(SSO_CALLS.login, { username, ...(password ? { password } : { rememberToken }), deviceToken }, null);
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
  if ('secondStep' in login.data) {
    const { ticket, totp, passkey } = login.data.secondStep;
    const response = success({ secondStep: { totp, passkey } });
    await setPending(response, { ticket, account: username, rememberMe }, secureRequest(request));
    response.cookies.set(CAPTCHA_COOKIE, '', { path: '/api/auth', maxAge: 0 });
    return response;
  }
  return signedInAnswer(request, login.data[0] as (typeof login.data)[number], rememberMe);
}

export const POST = logged('/api/auth/login', handle);
