'use client';

import { AppstoreOutlined, BellOutlined, FileSearchOutlined, HomeOutlined, LinkOutlined, QrcodeOutlined, SafetyCertificateOutlined, ShopOutlined, TeamOutlined, TransactionOutlined, UploadOutlined } from '@ant-design/icons';
import { Badge, Flex, Menu, Typography, type MenuProps } from 'antd';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { buildMenu, routeOfPath } from '@/lib/auth/menu';
import { splitName } from '@/lib/auth/profile';
import { localName } from '@/lib/i18n/names';
import type { ShellLinks } from '@/lib/shell/links';
import { ShellLink } from './ShellLink';
import { AlipayLogo, WeChatPayLogo } from './WalletLogos';

const ICONS: Record<string, ReactNode> = {
  dashboard: <HomeOutlined />,
  collect: <QrcodeOutlined />,
  merchant: <ShopOutlined />,
  transaction: <TransactionOutlined />,
  accountMng: <TeamOutlined />,
  log: <FileSearchOutlined />,
  uploadDocuments: <UploadOutlined />,
  notifications: <BellOutlined />,
};

export interface Organisation {
  kind: 'customer' | 'partner';
  name: string;
  /** The Chinese name, shown when the language is not English. */
  cname: string;
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
  const t = useTranslations();
  const entries = buildMenu(menus);
  const label = (code: string, path: string) => {
    const title = t(`menu.${code}` as never);
    const logo = code === 'settleWxAli' || code === 'reconWxAli' ? (
      <span style={{ display: 'inline-flex', gap: 2, marginInlineEnd: 6 }}>
        <WeChatPayLogo />
        <AlipayLogo />
      </span>
    ) : null;
    const badge =
      code === 'reviewRefund' && pendingApprovals ? (
        <Badge count={pendingApprovals} size="small" style={{ marginInlineStart: 6 }} aria-label={t('menu.pendingApprovals', { count: pendingApprovals })} title={t('menu.pendingApprovals', { count: pendingApprovals })} />
      ) : null;
    return (
      // The full title on hover: the sidebar may cut long ones short.
      <Link href={path} prefetch={false} data-menu-code={code} title={title}>
        {logo}
        {title}
        {badge}
      </Link>
    );
  };
  const items: MenuProps['items'] = entries.map((entry) =>
    entry.kind === 'item'
      ? { key: entry.code, icon: ICONS[entry.code] ?? <AppstoreOutlined />, label: label(entry.code, entry.path) }
      : { key: entry.group, icon: ICONS[entry.group], label: t(`menu.${entry.group}` as never), children: entry.items.map((item) => ({ key: item.code, label: label(item.code, item.path) })) },
  );
  const groups = entries.filter((e) => e.kind === 'group').map((e) => (e.kind === 'group' ? e.group : ''));
  const active = routeOfPath(pathname)?.code;
  const locale = useLocale();
  const [first, second] = organisation ? splitName(localName(locale, organisation)) : ['', ''];

  return (
    <Flex vertical style={{ height: '100%' }}>
      {organisation && !collapsed && (
        <div style={{ padding: '16px 20px 8px' }} data-testid="organisation">
          <Typography.Text strong style={{ display: 'block', lineHeight: 1.35 }}>
            {first}
            {second && <br />}
            {second}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(organisation.kind === 'partner' ? 'shell.partnerId' : 'shell.customerNo', { number: organisation.number })}
          </Typography.Text>
        </div>
      )}
      <nav aria-label={t('shell.navigation')} style={{ flex: 1, overflowY: 'auto' }}>
        <Menu
          mode="inline"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={active ? [active] : []}
          // An open sidebar shows every title in full, so its items need no tooltip: without one, each
          // item saves a trigger and its portal in every page's render.
          tooltip={collapsed ? undefined : false}
          // Groups are always expanded (spec section 2).
          openKeys={collapsed ? undefined : groups}
          style={{ borderInlineEnd: 'none' }}
        />
      </nav>
      {!collapsed && (
        <Flex vertical gap={8} style={{ padding: '12px 20px 16px', fontSize: 13 }}>
          <ShellLink href={links.tips}>
            <LinkOutlined aria-hidden /> {t('shell.tips')}
          </ShellLink>
          <ShellLink href={links.riskPortal}>
            <SafetyCertificateOutlined aria-hidden /> {t('shell.riskPortal')}
          </ShellLink>
        </Flex>
      )}
    </Flex>
  );
}
