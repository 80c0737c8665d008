'use client';

import { App } from 'antd';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import styles from './shell.module.css';

/**
 * A footer or sidebar link (spec section 2). It opens in a new tab, so the user's place in the
 * portal stays; the portal's own help pages are such links too. A link without an address (only
 * the risk portal can be one) says there is no related data.
 */
export function ShellLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useTranslations('shell');
  const { message } = App.useApp();
  if (!href)
    return (
      <button type="button" className={styles.link} onClick={() => message.warning(t('noRelatedData'), 5)}>
        {children}
      </button>
    );
  return (
    <a className={styles.link} href={href} target="_blank" rel={href.startsWith('/') ? undefined : 'noopener noreferrer'}>
      {children} <span className="sr-only">{t('newTab')}</span>
    </a>
  );
}
