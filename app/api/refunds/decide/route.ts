import { type NextRequest } from 'next/server';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { translatorFor } from '@/lib/http/respond';
import { decisionSchema } from '@/lib/refunds/rules';
import { refundRoute } from '@/lib/refunds/route';
import { logged } from '@/lib/log/request';
import { REFUND_CALLS } from '@/lib/refunds/calls';

/**
 * Approves or rejects one or many waiting requests with the approver's password re-entered.
 * Answers each request's outcome with its reason in the user's language (already decided, own
 * request, not found).
 */
function handle(request: NextRequest) {
  return refundRoute(request, 'reviewRefund', decisionSchema, async (input, { call, refuse }) => {
    // An approval has no reason to keep.
    const decided = await call(REFUND_CALLS.decideRefunds, { ...input, reason: input.result === 'reject' ? input.reason : undefined });
    if (!decided.ok) return refuse(decided.error);
    const t = translatorFor(request);
    return {
      succeeded: decided.data.succeeded,
      failed: decided.data.failed,
      result: decided.data.result.map(({ refundId, success, code }) => ({
        refundId,
        success,
        ...(code ? { code, message: t(errorMessageKey({ code: 'UPSTREAM_REFUSED', upstreamCode: code }) as never) } : {}),
      })),
    };
  });
}

export const POST = logged('/api/refunds/decide', handle);
