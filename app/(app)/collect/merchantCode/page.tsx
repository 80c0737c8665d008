import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex } from 'antd';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { PanelError } from '@/components/dashboard/PanelError';
import { ErrorPage } from '@/components/public/ErrorPage';
import { PageHeading } from '@/components/ui/PageHeading';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { qrSvg, storeCodeLink } from '@/lib/collect/codes';
import { callUpstream } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { localName } from '@/lib/i18n/names';
import { currentSession } from '@/lib/session/server';

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
  const answer = await callUpstream('collectStoreCodes', {}, session);
  const heading = <PageHeading title={t('menu.merchantCode')} subtitle={t('collect.codesHint')} />;
  if (!answer.ok) {
    return (
      <Card>
        {heading}
        <PanelError message={t(errorMessageKey(answer.error) as never, (answer.error.params ?? {}) as never)} />
      </Card>
    );
  }
  const stores = await Promise.all(answer.data.data.map(async (row) => ({ ...row, svg: await qrSvg(storeCodeLink(row.token)) })));
  const merchants = [...new Set(stores.map((s) => s.merchant_no))];
  return (
    <Card>
      {heading}
      {merchants.length === 0 && <Empty description={t('collect.noStores')} />}
      {merchants.map((merchantNo) => {
        const own = stores.filter((s) => s.merchant_no === merchantNo);
        const name = `${localName(locale, { name: own[0]?.business_name ?? '', cname: own[0]?.business_cname })} (${merchantNo})`;
        return (
          <section key={merchantNo} style={{ marginBottom: 24 }}>
            <SectionHeading title={name} />
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))', gap: 16 }}>
              {own.map((store) => (
                <Card key={store.store_code} size="small" title={<span style={{ whiteSpace: 'normal' }}>{`${store.store_name} (${store.store_code})`}</span>} data-testid="store-code">
                  <div
                    role="img"
                    aria-label={t('collect.storeQrLabel', { store: store.store_name, merchant: name })}
                    style={{ width: '100%', maxWidth: 200, margin: '0 auto 12px' }}
                    dangerouslySetInnerHTML={{ __html: store.svg }}
                  />
                  <Flex gap={8} wrap justify="center">
                    <Button icon={<DownloadOutlined />} href={`/api/collect/store-code/${store.store_code}?format=png`} download>
                      {t('collect.downloadPng')}
                    </Button>
                    <Button icon={<DownloadOutlined />} href={`/api/collect/store-code/${store.store_code}?format=pdf`} download>
                      {t('collect.downloadPdf')}
                    </Button>
                  </Flex>
                </Card>
              ))}
            </div>
          </section>
        );
      })}
    </Card>
  );
}
