import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/i18n/LanguageSwitch';
import { DEFAULT_LANGUAGE, languageOfTag } from '@/lib/i18n/languages';
import { shellLinks } from '@/lib/shell/links';
import { APP_VERSION } from '@/lib/version';
import styles from './public.module.css';

const FOOTER_LINKS = ['faq', 'guide', 'terms', 'privacy', 'contact'] as const;

/**
 * The frame of the pages a signed-out user can open: title, language, content, and the footer's
 * help links and version (the FAQ, terms and privacy policy are readable before signing in).
 * Plain HTML from the server, so the sign-in page and the 404 ship no antd (issue 17); a public
 * page whose content uses antd brings it inside the frame (app/(public)/layout.tsx).
 */
export async function PublicFrame({ children }: { children: ReactNode }) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const links = shellLinks();
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <span className={styles.title}>{t('app.title')}</span>
        <LanguageSwitch current={languageOfTag(locale) ?? DEFAULT_LANGUAGE} label={t('language.label')} />
      </header>
      <main className={styles.main}>{children}</main>
      <footer className={styles.footer}>
        {FOOTER_LINKS.map((kind) => (
          // Help pages open in a new tab, as everywhere in the portal (components/shell/ShellLink.tsx).
          <a key={kind} className={styles.link} href={links[kind]} target="_blank" rel={links[kind].startsWith('/') ? undefined : 'noopener noreferrer'}>
            {t(`footer.${kind}`)} <span className="sr-only">{t('shell.newTab')}</span>
          </a>
        ))}
        <span className={styles.muted}>{t('app.versionLabel', { version: APP_VERSION })}</span>
      </footer>
    </div>
  );
}
