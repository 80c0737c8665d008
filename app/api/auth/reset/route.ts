import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { newPasswordSchema } from '@/lib/auth/forms';
import { countAttempt } from '@/lib/auth/rate-limit';
import { clientAddress } from '@/lib/http/client';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { crossSite, failure, rateLimited, success } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { endUserSessions } from '@/lib/session/session';
import { bestEffort } from '@/lib/store/shared-store';
import { SSO_CALLS } from '@/lib/auth/calls';

const resetSchema = z.object({ randomId: z.string().min(1).max(200) }).and(newPasswordSchema);

/** Completes a password reset from the e-mailed link. */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const parsed = await readJson(request, resetSchema);
  if (parsed.refused) return parsed.refused;
  const wait = await countAttempt('passwordCheck', parsed.data.randomId, clientAddress(request));
  if (wait > 0) return rateLimited(request, wait);
  const reset = await callUpstream(SSO_CALLS.resetPassword, { randomId: parsed.data.randomId, newPassword: parsed.data.newPassword }, null);
  if (!reset.ok) return failure(request, reset.error);
  if (reset.data.success === 1) {
    // Sessions open elsewhere end now, at their next request, on every instance (not only at their next upstream call).
    if (reset.data.userId) await bestEffort(endUserSessions(reset.data.userId), 'sessions ended at password reset');
    return success({ redirect: '/login?notice=passwordReset' });
  }
  if (reset.data.success === 2 && reset.data.code?.startsWith('pwd.')) return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: reset.data.code }, reset.data.code);
  if (reset.data.code === 'RESET_LINK_EXPIRED') return failure(request, { code: 'UPSTREAM_REFUSED', status: 410, upstreamCode: 'RESET_LINK_EXPIRED' }, 'reset.expired');
  return failure(request, { code: 'UPSTREAM_REFUSED', status: 422 }, 'pwd.updateFailed');
}

export const POST = logged('/api/auth/reset', handle);
