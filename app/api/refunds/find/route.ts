import { type NextRequest } from 'next/server';
import { findTransactionSchema } from '@/lib/refunds/rules';
import { refundRoute } from '@/lib/refunds/route';
import { logged } from '@/lib/log/request';

/** Finds the sale to refund by order, EFT or RRN number, or terminal and trace number, with its refundable balance. */
function handle(request: NextRequest) {
  return refundRoute(request, 'refundRequest', findTransactionSchema, async (input, { call, refuse }) => {
    const found = await call('refundTransaction', input);
    return found.ok ? found.data.data : refuse(found.error);
  });
}

export const POST = logged('/api/refunds/find', handle);
