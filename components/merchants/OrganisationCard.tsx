'use client';

import { Flex } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import text from '@/components/text/text.module.css';
import { Surface } from '@/components/ui/Surface';
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
  if (!organisation) return failed ? <span className={text.danger}>{failed}</span> : null;
  const items = [
    { id: 'name', label: t('name'), value: localName(locale, organisation) },
    { id: 'number', label: t('number'), value: organisation.number },
    { id: 'count', label: t('count'), value: formatCount(organisation.count) },
  ];
  return (
    <Surface data-testid={`${organisation.kind}-card`} style={{ marginBottom: 16 }} heading={t('title')} small>
      <Flex gap={32} wrap>
        {items.map((item) => (
          <Flex key={item.id} vertical style={{ minWidth: 0 }}>
            <span className={text.secondary}>{item.label}</span>
            <span className={text.strong} style={{ fontSize: 18, overflowWrap: 'anywhere' }}>
              {item.value}
            </span>
          </Flex>
        ))}
      </Flex>
    </Surface>
  );
}
