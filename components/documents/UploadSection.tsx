import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { callUpstream } from '@/lib/gateway/client';
import { localField } from '@/lib/i18n/names';
import { merchantChoices } from '@/lib/choices/load';
import { currentSession } from '@/lib/session/server';
import { UploadPanel } from './UploadPanel';
import { DOCUMENT_CALLS } from '@/lib/documents/calls';

/** The upload form above the documents list, with the business registrations that need renewing. */
export async function UploadSection() {
  const session = await currentSession();
  if (!session) return null;
  const locale = await getLocale();
  const [renewals, merchants, t] = await Promise.all([callUpstream(DOCUMENT_CALLS.brRenewals, {}, session), merchantChoices(session, locale), getTranslations()]);
  const rows = renewals.ok ? renewals.data.data : [];
  return (
    <UploadPanel
      merchants={merchants}
      renewalsError={renewals.ok ? undefined : t(errorMessageKey(renewals.error) as never)}
      renewals={rows.map((r) => ({ merchant_no: r.merchant_no, name: localField(locale, r, 'business_name'), brExpiryDate: r.brExpiryDate, daysLeft: r.daysLeft, pending: r.pending }))}
    />
  );
}
