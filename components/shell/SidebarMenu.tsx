'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import type { MenuEntry } from '@/lib/auth/menu';
import { MenuLink, menuIcon } from './MenuLink';
import styles from './sidebar.module.css';

interface Props {
  entries: MenuEntry[];
  active: string | undefined;
  pendingApprovals: number | null;
}

/**
 * The open sidebar's menu as plain links. It looks like antd's inline Menu, which it replaced here
 * (docs/decisions.md, "The signed-in shell's render"): groups are always expanded, so what the Menu
 * added (open state, roving focus, motion) was never used, and its component tree was the largest
 * part of every signed-in page's render. Every link is reached with Tab, as before.
 */
export function SidebarMenu({ entries, active, pendingApprovals }: Props) {
  const t = useTranslations('menu');
  const menu = useRef<HTMLUListElement>(null);
  // The current page's item is in view: on a short screen the lower groups start below the sidebar's fold.
  useEffect(() => {
    menu.current?.querySelector(`.${styles.selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const item = (code: string, path: string, nested: boolean) => (
    <li key={code} className={code === active ? `${styles.item} ${styles.selected}` : styles.item} style={{ paddingInlineStart: nested ? 48 : 24 }}>
      {!nested && <span className={styles.icon}>{menuIcon(code)}</span>}
      <span className={styles.label}>
        <MenuLink code={code} path={path} active={code === active} pendingApprovals={pendingApprovals} />
      </span>
    </li>
  );
  return (
    <ul className={styles.menu} ref={menu}>
      {entries.map((entry) =>
        entry.kind === 'item' ? (
          item(entry.code, entry.path, false)
        ) : (
          <li key={entry.group} className={entry.items.some((i) => i.code === active) ? styles.groupSelected : undefined}>
            <div className={styles.groupTitle}>
              <span className={styles.icon}>{menuIcon(entry.group)}</span>
              <span className={styles.label}>{t(entry.group as never)}</span>
              <i className={styles.arrow} aria-hidden />
            </div>
            <ul className={styles.sub}>
              {entry.items.map((i) => item(i.code, i.path, true))}
            </ul>
          </li>
        ),
      )}
    </ul>
  );
}
