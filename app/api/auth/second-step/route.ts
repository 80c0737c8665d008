import { type NextRequest } from 'next/server';
import { countFailure, forgiveAccount, waitBeforeAttempt } from '@/lib/auth/rate-limit';
import { signedInAnswer } from '@/lib/auth/sign-in';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { crossSite, failure, rateLimited } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { metrics } from '@/lib/metrics/registry';
import { bestEffort } from '@/lib/store/shared-store';
import { clearPending, deviceLabel, pendingOf } from '@/lib/two-step/cookies';
import { secondStepSchema } from '@/lib/two-step/rules';
import { FACTOR_CALLS } from '@/lib/two-step/calls';

/**
 * The sign-in's second step (issue 26): the pending cookie's ticket and one proof (a code, a
 * recovery code or a passkey's assertion). Only this handler and the passkey options accept the
 * pending cookie; the session is created here, not before.
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const pending = await pendingOf(request);
  if (!pending) return failure(request, { code: 'UPSTREAM_REFUSED', status: 401, upstreamCode: 'SECOND_STEP_EXPIRED' });
  const parsed = await readJson(request, secondStepSchema);
  if (parsed.refused) return parsed.refused;
  const address = clientAddress(request);
  const wait = await waitBeforeAttempt('login', pending.account, address);
  if (wait > 0) {
    metrics().lockouts.inc({ by: 'portal limit' });
    return rateLimited(request, wait);
  }
  const { trustDevice, ...proof } = parsed.data;
  const passed = await callUpstream(FACTOR_CALLS.secondStep, { ticket: pending.ticket, ...proof, trustDevice, deviceLabel: deviceLabel(request.headers.get('user-agent')) }, null);
  if (!passed.ok) {
    if (passed.error.code === 'UPSTREAM_REFUSED') {
      await countFailure('login', pending.account, address);
      metrics().signInFailures.inc({ reason: passed.error.status === 423 ? 'second step locked' : 'second step' });
      if (passed.error.status === 423) metrics().lockouts.inc({ by: 'second step' });
    }
    const response = failure(request, passed.error);
    // A used or expired ticket cannot come back: the user starts again from the password.
    if (passed.error.upstreamCode === 'SECOND_STEP_EXPIRED') clearPending(response);
    return response;
  }
  await bestEffort(forgiveAccount('login', pending.account), 'sign-in count cleared');
  return signedInAnswer(request, passed.data[0] as (typeof passed.data)[number], pending.rememberMe);
}

export const POST = logged('/api/auth/second-step', handle);
