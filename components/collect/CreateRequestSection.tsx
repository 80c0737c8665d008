import 'server-only';
import { FormAboveList } from '@/components/ui/FormAboveList';
import { callUpstream } from '@/lib/gateway/client';
import { localField } from '@/lib/i18n/names';
import type { SessionData } from '@/lib/session/session';
import { CreateRequestForm, type MerchantStores } from './CreateRequestForm';
import { COLLECT_CALLS } from '@/lib/collect/calls';

/** The form's choices, asked for by the page before the list's own call so both run side by side. */
export const requestStores = (session: SessionData) => callUpstream(COLLECT_CALLS.collectStoreCodes, {}, session);

/** The payment request form with the stores that can take payments, by merchant; the list's heading below it. */
export function CreateRequestSection({ request }: { request: ReturnType<typeof requestStores> }) {
  return (
    <FormAboveList
      request={request}
      listTitle="collect.listTitle"
      form={(answer, locale) => {
        const merchants = new Map<string, MerchantStores>();
        for (const row of answer.data) {
          const merchant = merchants.get(row.merchant_no) ?? { merchantNo: row.merchant_no, name: localField(locale, row, 'business_name'), stores: [] };
          merchant.stores.push({ code: row.store_code, name: localField(locale, row, 'store_name') });
          merchants.set(row.merchant_no, merchant);
        }
        return <CreateRequestForm merchants={[...merchants.values()]} />;
      }}
    />
  );
}
