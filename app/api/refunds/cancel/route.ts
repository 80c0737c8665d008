import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { refundRoute } from '@/lib/refunds/route';
import { logged } from '@/lib/log/request';
import { REFUND_CALLS } from '@/lib/refunds/calls';

const schema = z.object({ refundId: z.number().int().positive() });

/** Voids a request still waiting for approval (the services refuse it once decided). */
function handle(request: NextRequest) {
  return refundRoute(request, 'refundRequest', schema, async (input, { call, refuse }) => {
    const cancelled = await call(REFUND_CALLS.cancelRefund, input);
    return cancelled.ok ? { cancelled: true } : refuse(cancelled.error);
  });
}

export const POST = logged('/api/refunds/cancel', handle);
