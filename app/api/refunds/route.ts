import { type NextRequest } from 'next/server';
import { refundRequestSchema } from '@/lib/refunds/rules';
import { refundRoute } from '@/lib/refunds/route';
import { logged } from '@/lib/log/request';
import { REFUND_CALLS } from '@/lib/refunds/calls';

/**
 * Requests one refund (a form's submit or one batch row). The form's key makes a replayed or
 * double-clicked submit answer the request already made instead of making a second one.
 */
function handle(request: NextRequest) {
  return refundRoute(request, 'refundRequest', refundRequestSchema, async (input, { call, refuse }) => {
    const created = await call(REFUND_CALLS.createRefund, input);
    return created.ok ? { refundId: created.data.refundId, refundNo: created.data.refundNo, replayed: created.data.replayed } : refuse(created.error);
  });
}

export const POST = logged('/api/refunds', handle);
