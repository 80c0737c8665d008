'use client';

import { useTranslations } from 'next-intl';
import type { ShellLinks } from '@/lib/shell/links';
import { APP_VERSION } from '@/lib/version';
import { ShellLink } from './ShellLink';
import styles from './shell.module.css';

const KINDS = ['faq', 'guide', 'terms', 'privacy', 'contact'] as const;

/** FAQ, User Guide, Terms and Conditions, Privacy Policy, Contact us and the version (spec section 2). */
export function ShellFooter({ links }: { links: Pick<ShellLinks, (typeof KINDS)[number]> }) {
  const t = useTranslations();
  return (
    <div className={styles.footer}>
      {KINDS.map((kind) => (
        <ShellLink key={kind} href={links[kind]}>
          {t(`footer.${kind}`)}
        </ShellLink>
      ))}
      <span className={styles.version}>{t('app.versionLabel', { version: APP_VERSION })}</span>
    </div>
  );
}
