'use client';

import { CloseOutlined, EllipsisOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { routeOfPath } from '@/lib/auth/menu';
import { destination, initialTabs, tabsReducer, type TabAction, type TabState } from '@/lib/shell/tabs';

const STORAGE = 'portal_tabs';
const SCROLL = 'portal_tab_scroll';

/**
 * Visited pages as tabs: the dashboard pinned, a right-click (or the ⋯ button, for the keyboard)
 * menu with refresh, close, close others and close all. A tab returns to the URL it was left at
 * (filters and page live in the URL) and to its scroll position.
 */
export function TabStrip({ userId, hasDashboard }: { userId: number; hasDashboard: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const key = `${STORAGE}:${userId}`;
  const [state, dispatch] = useReducer(tabsReducer, undefined, () => initialTabs(hasDashboard));
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    try {
      const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as TabState | null;
      for (const tab of saved?.tabs ?? []) if (routeOfPath(tab.path)) dispatch({ type: 'visit', path: tab.path, url: tab.url });
    } catch {
      // a damaged entry is dropped
    }
  }, [key]);

  useEffect(() => {
    if (!routeOfPath(pathname)) return;
    dispatch({ type: 'visit', path: pathname, url: search ? `${pathname}?${search}` : pathname });
    const scroll = JSON.parse(sessionStorage.getItem(SCROLL) ?? '{}') as Record<string, number>;
    window.scrollTo(0, scroll[pathname] ?? 0);
    const remember = () => {
      const positions = JSON.parse(sessionStorage.getItem(SCROLL) ?? '{}') as Record<string, number>;
      positions[pathname] = window.scrollY;
      sessionStorage.setItem(SCROLL, JSON.stringify(positions));
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [pathname, search]);

  useEffect(() => {
    sessionStorage.setItem(key, JSON.stringify(state));
  }, [key, state]);

  const act = useCallback(
    (action: TabAction) => {
      const next = tabsReducer(state, action);
      dispatch(action);
      if (next.active !== state.active || action.type !== 'close') router.push(destination(next));
    },
    [state, router],
  );

  const menuFor = (path: string): MenuProps => {
    const tab = state.tabs.find((candidate) => candidate.path === path);
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.tabRefresh') },
        { key: 'close', icon: <CloseOutlined />, label: t('shell.tabClose'), disabled: tab?.affix },
        { key: 'closeOthers', label: t('shell.tabCloseOthers') },
        { key: 'closeAll', label: t('shell.tabCloseAll') },
      ],
      onClick: ({ key: choice }) => {
        if (choice === 'refresh') {
          if (path !== pathname) router.push(tab?.url ?? path);
          router.refresh();
        } else if (choice === 'close') act({ type: 'close', path });
        else if (choice === 'closeOthers') act({ type: 'closeOthers', path });
        else act({ type: 'closeAll' });
      },
    };
  };

  const active = routeOfPath(pathname) ? pathname : (state.active ?? undefined);
  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      aria-label={t('shell.tabs')}
      activeKey={active}
      onChange={(path) => router.push(state.tabs.find((tab) => tab.path === path)?.url ?? path)}
      onEdit={(path, action) => action === 'remove' && typeof path === 'string' && act({ type: 'close', path })}
      tabBarStyle={{ margin: 0, padding: '6px 16px 0', background: 'var(--ant-color-bg-container)' }}
      tabBarExtraContent={
        active ? (
          <Dropdown menu={menuFor(active)} trigger={['click']}>
            <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label={t('shell.tabMenu')} />
          </Dropdown>
        ) : null
      }
      items={state.tabs.map((tab) => {
        const code = routeOfPath(tab.path)?.code ?? 'dashboard';
        return {
          key: tab.path,
          closable: !tab.affix,
          label: (
            <Dropdown menu={menuFor(tab.path)} trigger={['contextMenu']}>
              <span data-tab-path={tab.path}>{t(`menu.${code}` as never)}</span>
            </Dropdown>
          ),
        };
      })}
    />
  );
}
