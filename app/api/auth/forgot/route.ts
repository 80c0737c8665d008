import { type NextRequest } from 'next/server';
import { forgotFormSchema } from '@/lib/auth/forms';
import { allowAttempt, clientAddress } from '@/lib/auth/rate-limit';
import { callUpstream } from '@/lib/gateway/client';
import { crossSite, failure, requestLanguage, success } from '@/lib/http/respond';

/** Forgot password (spec section 5): mails a reset link when the e-mail belongs to the account. */
export async function POST(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const parsed = forgotFormSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return failure(request, { code: 'INVALID_INPUT' });
  if (!(await allowAttempt('forgot', parsed.data.username, clientAddress(request)))) return failure(request, { code: 'RATE_LIMITED' });
  const sent = await callUpstream('sendResetPwdEmail', { ...parsed.data, lang: requestLanguage(request) }, null);
  if (!sent.ok) return failure(request, sent.error);
  if (sent.data.success === 1) return success({ sent: true });
  if (sent.data.code === 'EMAIL_NOT_ASSOCIATED') return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: 'EMAIL_NOT_ASSOCIATED' }, 'pwd.emailNoExist');
  return failure(request, { code: 'UPSTREAM_REFUSED', status: 422 });
}
