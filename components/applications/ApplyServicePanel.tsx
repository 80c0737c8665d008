import 'server-only';
import { FormAboveList } from '@/components/ui/FormAboveList';
import { callUpstream } from '@/lib/gateway/client';
import { localField } from '@/lib/i18n/names';
import type { SessionData } from '@/lib/session/session';
import { ApplyServiceForm, type MerchantChoice } from './ApplyServiceForm';
import { ASSET_CALLS } from '@/lib/assets/calls';

/** The form's choices, asked for by the page before the list's own call so both run side by side. */
export const requestChoices = (session: SessionData) => callUpstream(ASSET_CALLS.applicableServices, {}, session);

/** The application form with the session's merchants, their stores and which services each already has. */
export function ApplyServicePanel({ request, contactName }: { request: ReturnType<typeof requestChoices>; contactName: string }) {
  return (
    <FormAboveList
      request={request}
      listTitle="applyService.listTitle"
      form={(answer, locale) => {
        const merchants: MerchantChoice[] = answer.map((m) => ({
          merchantNo: m.merchant_no,
          name: localField(locale, m, 'business_name'),
          stores: m.stores.map((s) => ({ code: s.store_code, name: localField(locale, s, 'store_name'), closed: s.status === 'Inactive' })),
          services: m.services.map((s) => ({ paymentType: s.payment_type, enabled: s.enabled, open: s.open })),
        }));
        return <ApplyServiceForm merchants={merchants} contactName={contactName} />;
      }}
    />
  );
}
