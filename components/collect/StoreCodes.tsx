'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex } from 'antd';
import { useTranslations } from 'next-intl';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { spaceBetweenScripts } from '@/lib/i18n/spacing';

/** A merchant's stores that can take payments, each with its QR code as SVG markup made on the server. */
export interface MerchantCodes {
  merchantNo: string;
  name: string;
  stores: { code: string; name: string; svg: string }[];
}

/** Each store's payment QR code under its merchant, downloadable as PNG and as a printable PDF. */
export function StoreCodes({ merchants }: { merchants: MerchantCodes[] }) {
  const t = useTranslations('collect');
  if (merchants.length === 0) return <Empty description={t('noStores')} />;
  return merchants.map((merchant) => (
    <section key={merchant.merchantNo} style={{ marginBottom: 24 }}>
      <SectionHeading title={merchant.name} />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))', gap: 16 }}>
        {merchant.stores.map((store) => (
          <Card key={store.code} size="small" title={<span style={{ whiteSpace: 'normal' }}>{`${store.name} (${store.code})`}</span>} data-testid="store-code">
            <div
              role="img"
              aria-label={spaceBetweenScripts(t('storeQrLabel', { store: store.name, merchant: merchant.name }))}
              style={{ width: '100%', maxWidth: 200, margin: '0 auto 12px' }}
              // Markup the server made with qrcode from the store's pay link: no user text in it.
              dangerouslySetInnerHTML={{ __html: store.svg }}
            />
            <Flex gap={8} wrap justify="center">
              <Button icon={<DownloadOutlined />} href={`/api/collect/store-code/${store.code}?format=png`} download>
                {t('downloadPng')}
              </Button>
              <Button icon={<DownloadOutlined />} href={`/api/collect/store-code/${store.code}?format=pdf`} download>
                {t('downloadPdf')}
              </Button>
            </Flex>
          </Card>
        ))}
      </div>
    </section>
  ));
}
