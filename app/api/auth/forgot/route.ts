import { type NextRequest } from 'next/server';
import { forgotFormSchema } from '@/lib/auth/forms';
import { countAttempt } from '@/lib/auth/rate-limit';
import { clientAddress } from '@/lib/http/client';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { crossSite, failure, rateLimited, requestLanguage, success } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { SSO_CALLS } from '@/lib/auth/calls';

/** Forgot password (spec section 5): mails a reset link when the e-mail belongs to the account. */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const parsed = await readJson(request, forgotFormSchema);
  if (parsed.refused) return parsed.refused;
  const wait = await countAttempt('forgot', parsed.data.username, clientAddress(request));
  if (wait > 0) return rateLimited(request, wait);
  const sent = await callUpstream(SSO_CALLS.sendResetPwdEmail, { ...parsed.data, lang: requestLanguage(request) }, null);
  if (!sent.ok) return failure(request, sent.error);
  if (sent.data.success === 1) return success({ sent: true });
  if (sent.data.code === 'EMAIL_NOT_ASSOCIATED') return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: 'EMAIL_NOT_ASSOCIATED' }, 'pwd.emailNoExist');
  return failure(request, { code: 'UPSTREAM_REFUSED', status: 422 });
}

export const POST = logged('/api/auth/forgot', handle);
