'use client';

import { Select } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { localName } from '@/lib/i18n/names';

export interface Partner {
  name: string;
  cname?: string;
  partner_no: string;
}

/** The partner's customers, named in the user's language, in the top bar. */
export function PartnerPicker({ partners }: { partners: Partner[] }) {
  const t = useTranslations('shell');
  const locale = useLocale();
  return (
    <Select
      aria-label={t('partners')}
      value={partners[0]?.partner_no}
      options={partners.map((p) => ({ value: p.partner_no, label: `${localName(locale, p)} (${p.partner_no})` }))}
      style={{ minWidth: 220 }}
      className="portal-hide-narrow"
    />
  );
}
