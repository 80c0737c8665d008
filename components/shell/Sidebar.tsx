'use client';

import { LinkOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { buildMenu, routeOfPath } from '@/lib/auth/menu';
import { splitName } from '@/lib/auth/profile';
import { localName } from '@/lib/i18n/names';
import type { ShellLinks } from '@/lib/shell/links';
import { ShellLink } from './ShellLink';
import { SidebarMenu } from './SidebarMenu';
import styles from './sidebar.module.css';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// antd's Menu only for the collapsed sidebar (its pop-ups and tooltips): an open sidebar loads none of it.
const CollapsedMenu = dynamic(orUpdatePrompt(() => import('./CollapsedMenu').then((m) => m.CollapsedMenu)));

export interface Organisation {
  kind: 'customer' | 'partner';
  name: string;
  /** The Chinese names (Traditional, Simplified): the reader's language picks (lib/i18n/names.ts). */
  cname: string;
  cnameHans?: string | null;
  number: string;
}

interface Props {
  menus: string[];
  pathname: string;
  collapsed: boolean;
  organisation: Organisation | null;
  pendingApprovals: number | null;
  links: Pick<ShellLinks, 'tips' | 'riskPortal'>;
}

/** The sidebar: organisation, the menu built from the session's codes, and the external links. */
export function Sidebar({ menus, pathname, collapsed, organisation, pendingApprovals, links }: Props) {
  const t = useTranslations('shell');
  const locale = useLocale();
  const entries = buildMenu(menus);
  const active = routeOfPath(pathname)?.code;
  const [first, second] = organisation ? splitName(localName(locale, organisation)) : ['', ''];

  return (
    <div className={styles.sidebar}>
      {organisation && !collapsed && (
        <div className={styles.organisation} data-testid="organisation">
          <strong className={styles.organisationName}>
            {first}
            {second && <br />}
            {second}
          </strong>
          <span className={styles.organisationNumber}>{t(organisation.kind === 'partner' ? 'partnerId' : 'customerNo', { number: organisation.number })}</span>
        </div>
      )}
      <nav aria-label={t('navigation')} className={styles.nav}>
        {collapsed ? <CollapsedMenu entries={entries} active={active} pendingApprovals={pendingApprovals} /> : <SidebarMenu entries={entries} active={active} pendingApprovals={pendingApprovals} />}
      </nav>
      {!collapsed && (
        <div className={styles.links}>
          <ShellLink href={links.tips}>
            <LinkOutlined aria-hidden /> {t('tips')}
          </ShellLink>
          <ShellLink href={links.riskPortal}>
            <SafetyCertificateOutlined aria-hidden /> {t('riskPortal')}
          </ShellLink>
        </div>
      )}
    </div>
  );
}
