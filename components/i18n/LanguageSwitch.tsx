'use client';

import { useTransition, type ReactNode } from 'react';
import { setLanguage } from '@/lib/i18n/actions';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/i18n/languages';
import styles from './language.module.css';

/**
 * The language switch of every page, signed in or not: a native select (the arrow keys choose
 * without opening it, a phone shows its own picker, and it costs no antd); the server action
 * re-renders the page in place. `icon` stands before it, inside its box.
 */
export function LanguageSwitch({ current, label, icon }: { current: Language; label: string; icon?: ReactNode }) {
  const [pending, startTransition] = useTransition();
  return (
    <span className={styles.box}>
      {icon && (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      )}
      <select
        className={styles.select}
        aria-label={label}
        data-testid="language-selector"
        value={current}
        disabled={pending}
        aria-busy={pending}
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
    </span>
  );
}
