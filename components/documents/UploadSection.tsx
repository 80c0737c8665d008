import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { callUpstream } from '@/lib/gateway/client';
import { localName } from '@/lib/i18n/names';
import { currentSession } from '@/lib/session/server';
import { UploadPanel } from './UploadPanel';

/** The upload form above the documents list, with the business registrations that need renewing. */
export async function UploadSection() {
  const session = await currentSession();
  if (!session) return null;
  const [renewals, locale, t] = await Promise.all([callUpstream('brRenewals', {}, session), getLocale(), getTranslations()]);
  const rows = renewals.ok ? renewals.data.data : [];
  return (
    <UploadPanel
      merchants={session.merchantIds}
      renewalsError={renewals.ok ? undefined : t(errorMessageKey(renewals.error) as never)}
      renewals={rows.map((r) => ({ merchant_no: r.merchant_no, name: localName(locale, { name: r.business_name, cname: r.business_cname }), brExpiryDate: r.brExpiryDate, daysLeft: r.daysLeft, pending: r.pending }))}
    />
  );
}
