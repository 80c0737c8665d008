import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { PanelError } from '@/components/dashboard/PanelError';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { callUpstream } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { localName } from '@/lib/i18n/names';
import type { SessionData } from '@/lib/session/session';
import { CreateRequestForm, type MerchantStores } from './CreateRequestForm';

/** The form's choices, asked for by the page before the list's own call so both run side by side. */
export const requestStores = (session: SessionData) => callUpstream('collectStoreCodes', {}, session);

/** The payment request form with the stores that can take payments, by merchant; the list's heading below it. */
export async function CreateRequestSection({ request }: { request: ReturnType<typeof requestStores> }) {
  const [answer, locale, t] = await Promise.all([request, getLocale(), getTranslations()]);
  const heading = <SectionHeading title={t('collect.listTitle')} />;
  if (!answer.ok) {
    return (
      <>
        <div style={{ marginBottom: 16 }}>
          <PanelError message={t(errorMessageKey(answer.error) as never, (answer.error.params ?? {}) as never)} />
        </div>
        {heading}
      </>
    );
  }
  const merchants = new Map<string, MerchantStores>();
  for (const row of answer.data.data) {
    const merchant = merchants.get(row.merchant_no) ?? { merchantNo: row.merchant_no, name: localName(locale, { name: row.business_name, cname: row.business_cname }), stores: [] };
    merchant.stores.push({ code: row.store_code, name: row.store_name });
    merchants.set(row.merchant_no, merchant);
  }
  return (
    <>
      <CreateRequestForm merchants={[...merchants.values()]} />
      {heading}
    </>
  );
}
