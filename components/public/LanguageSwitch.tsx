'use client';

import { useTransition } from 'react';
import { setLanguage } from '@/lib/i18n/actions';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/i18n/languages';
import styles from './public.module.css';

/** The public pages' language switch: a native select; the server action re-renders the page in place. */
export function LanguageSwitch({ current, label }: { current: Language; label: string }) {
  const [pending, startTransition] = useTransition();
  return (
    <select
      className={styles.language}
      aria-label={label}
      data-testid="language-selector"
      value={current}
      disabled={pending}
      onChange={(event) => {
        const language = event.target.value;
        startTransition(async () => {
          await setLanguage(language);
        });
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
