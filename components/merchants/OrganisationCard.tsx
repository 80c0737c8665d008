'use client';

import { Card, Flex, Typography } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { formatCount } from '@/lib/format/money';
import { localName } from '@/lib/i18n/names';

/** The signed-in organisation as merchant information heads it: a customer's, or a partner's (spec section 3). */
export interface Organisation {
  kind: 'customer' | 'partner';
  name: string;
  /** Traditional and Simplified Chinese names: the reader's language picks (lib/i18n/names.ts). */
  cname?: string;
  cnameHans?: string | null;
  number: string;
  /** A customer's stores, a partner's merchants. */
  count: number;
}

/** The customer card (name in the user's language, customer no., stores) or the partner card (name, partner ID, merchants). */
export function OrganisationCard({ organisation, failed }: { organisation: Organisation | null; failed?: string }) {
  const translate = useTranslations();
  const t = (key: string) => translate(`merchant.${organisation?.kind ?? 'customer'}Card.${key}` as never);
  const locale = useLocale();
  if (!organisation) return failed ? <Typography.Text type="danger">{failed}</Typography.Text> : null;
  const items = [
    { id: 'name', label: t('name'), value: localName(locale, organisation) },
    { id: 'number', label: t('number'), value: organisation.number },
    { id: 'count', label: t('count'), value: formatCount(organisation.count) },
  ];
  return (
    <Card data-testid={`${organisation.kind}-card`} style={{ marginBottom: 16 }} title={t('title')} size="small">
      <Flex gap={32} wrap>
        {items.map((item) => (
          <Flex key={item.id} vertical style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{item.label}</Typography.Text>
            <Typography.Text strong style={{ fontSize: 18, overflowWrap: 'anywhere' }}>
              {item.value}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
