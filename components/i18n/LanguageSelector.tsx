'use client';

import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { setLanguage } from '@/lib/i18n/actions';
import { LANGUAGE_NAMES, LANGUAGES, languageOfTag, type Language } from '@/lib/i18n/languages';

const OPTIONS = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

/** Switches the language through a server action; the page re-renders in place, no reload. */
export function LanguageSelector({ className }: { className?: string }) {
  const t = useTranslations('language');
  const current = languageOfTag(useLocale()) ?? 'en';
  const [pending, startTransition] = useTransition();

  return (
    <Select<Language>
      className={className}
      aria-label={t('label')}
      data-testid="language-selector"
      value={current}
      options={OPTIONS}
      loading={pending}
      disabled={pending}
      prefix={<GlobalOutlined aria-hidden />}
      popupMatchSelectWidth={false}
      onChange={(language) =>
        startTransition(async () => {
          await setLanguage(language);
        })
      }
      style={{ minWidth: 150 }}
    />
  );
}
