'use client';

import { Select } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { localName } from '@/lib/i18n/names';

/** The partner's customers, named in the user's language, in the top bar. */
export function PartnerPicker({ partners }: { partners: { name: string; cname?: string; partner_no: string }[] }) {
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
