'use client';

import { Menu, type MenuProps } from 'antd';
import { useTranslations } from 'next-intl';
import type { MenuEntry } from '@/lib/auth/menu';
import { MenuLink, menuIcon } from './MenuLink';

interface Props {
  entries: MenuEntry[];
  active: string | undefined;
  pendingApprovals: number | null;
}

/** The collapsed (60 px) sidebar's menu: icons only, each item's title in a tooltip and each group's items in a pop-up, as antd's Menu draws them. */
export function CollapsedMenu({ entries, active, pendingApprovals }: Props) {
  const t = useTranslations('menu');
  const label = (code: string, path: string) => <MenuLink code={code} path={path} active={code === active} pendingApprovals={pendingApprovals} />;
  const items: MenuProps['items'] = entries.map((entry) =>
    entry.kind === 'item'
      ? { key: entry.code, icon: menuIcon(entry.code), label: label(entry.code, entry.path) }
      : { key: entry.group, icon: menuIcon(entry.group), label: t(entry.group as never), children: entry.items.map((item) => ({ key: item.code, label: label(item.code, item.path) })) },
  );
  return <Menu mode="inline" inlineCollapsed items={items} selectedKeys={active ? [active] : []} style={{ borderInlineEnd: 'none' }} />;
}
