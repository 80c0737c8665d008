import { Card } from 'antd';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { StoreCodes, type MerchantCodes } from '@/components/collect/StoreCodes';
import { PanelError } from '@/components/dashboard/PanelError';
import { ErrorPage } from '@/components/public/ErrorPage';
import { PageHeading } from '@/components/ui/PageHeading';
import { qrSvg } from '@/lib/collect/qr';
import { storeCodeLink } from '@/lib/collect/links';
import { callUpstream } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { localField, nameAndNumber } from '@/lib/i18n/names';
import { currentSession } from '@/lib/session/server';
import { COLLECT_CALLS } from '@/lib/collect/calls';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t('menu.merchantCode') };
}

/**
 * Merchant code (collect payment): each store's payment QR code under its merchant. A payer scans it
 * and types the amount on the provider's payment page; the codes download as PNG and as a printable
 * PDF through same-origin route handlers that ask the services for the store again.
 */
export default async function MerchantCodePage() {
  const [session, locale, t] = await Promise.all([currentSession(), getLocale(), getTranslations()]);
  if (!session?.menus.includes('merchantCode')) return <ErrorPage kind="forbidden" />;
  const answer = await callUpstream(COLLECT_CALLS.collectStoreCodes, {}, session);
  const heading = <PageHeading title={t('menu.merchantCode')} subtitle={t('collect.codesHint')} />;
  if (!answer.ok) {
    return (
      <Card>
        {heading}
        <PanelError message={t(errorMessageKey(answer.error) as never, (answer.error.params ?? {}) as never)} />
      </Card>
    );
  }
  const merchants = new Map<string, MerchantCodes>();
  for (const row of answer.data.data) {
    const merchant = merchants.get(row.merchant_no) ?? { merchantNo: row.merchant_no, name: nameAndNumber(localField(locale, row, 'business_name'), row.merchant_no), stores: [] };
    merchant.stores.push({ code: row.store_code, name: localField(locale, row, 'store_name'), svg: await qrSvg(storeCodeLink(row.token)) });
    merchants.set(row.merchant_no, merchant);
  }
  return (
    <Card>
      {heading}
      <StoreCodes merchants={[...merchants.values()]} />
    </Card>
  );
}
