import { type NextRequest } from 'next/server';
import { requestLanguage } from '@/lib/http/respond';
import { LANGUAGE_TAGS } from '@/lib/i18n/languages';
import { withLocalNames } from '@/lib/i18n/names';
import { findTransactionSchema } from '@/lib/refunds/rules';
import { refundRoute } from '@/lib/refunds/route';
import { logged } from '@/lib/log/request';
import { REFUND_CALLS } from '@/lib/refunds/calls';

/** Finds the sale to refund by order, EFT or RRN number, or terminal and trace number, with its refundable balance. */
function handle(request: NextRequest) {
  return refundRoute(request, 'refundRequest', findTransactionSchema, async (input, { call, refuse }) => {
    const found = await call(REFUND_CALLS.refundTransaction, input);
    // The store named in the reader's language (lib/i18n/names.ts).
    return found.ok ? found.data.data.map((sale) => withLocalNames(LANGUAGE_TAGS[requestLanguage(request)], sale)) : refuse(found.error);
  });
}

export const POST = logged('/api/refunds/find', handle);
