'use client';

import { CloseOutlined, EllipsisOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, theme } from 'antd';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useReducer, useRef } from 'react';
import { PortalMenu, type MenuEntry } from '@/components/ui/PortalMenu';
import { routeOfPath } from '@/lib/auth/menu';
import { destination, initialTabs, MAX_TABS, tabsReducer, tabToEvict, type TabAction, type TabState } from '@/lib/shell/tabs';

const STORAGE = 'portal_tabs';
const SCROLL = 'portal_tab_scroll';

const readScroll = () => JSON.parse(sessionStorage.getItem(SCROLL) ?? '{}') as Record<string, number>;

/**
 * Visited pages (spec section 2): the dashboard pinned, a right-click menu (and a ⋯ button, for
 * the keyboard) with refresh, close, close others and close all. These are links between pages,
 * so they are a navigation list, not ARIA tabs. A page comes back at the URL it was left at
 * (filters and page live in the URL) and at its scroll position. One row that scrolls sideways,
 * at most MAX_TABS entries; only routes the user's menus allow become tabs.
 */
export function TabStrip({ userId, menus }: { userId: number; menus: readonly string[] }) {
  const t = useTranslations();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const key = `${STORAGE}:${userId}`;
  const [state, dispatch] = useReducer(tabsReducer, undefined, () => initialTabs(menus.includes('dashboard')));
  const restored = useRef(false);
  const list = useRef<HTMLUListElement>(null);
  const allowed = (path: string) => {
    const code = routeOfPath(path)?.code;
    return code !== undefined && menus.includes(code);
  };
  const titleOf = (path: string) => t(`menu.${routeOfPath(path)?.code ?? 'dashboard'}` as never);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    try {
      const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as TabState | null;
      for (const tab of saved?.tabs ?? []) if (allowed(tab.path) && tab.path !== pathname) dispatch({ type: 'visit', path: tab.path, url: tab.url });
    } catch {
      // a damaged entry is dropped
    }
    // Restored once, on mount; later visits come from navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (!allowed(pathname)) return;
    const evicted = tabToEvict(state, pathname);
    if (evicted) message.info(t('shell.tabCap', { max: MAX_TABS, title: titleOf(evicted.path) }), 5);
    dispatch({ type: 'visit', path: pathname, url: search ? `${pathname}?${search}` : pathname });
    window.scrollTo(0, readScroll()[pathname] ?? 0);
    const remember = () => sessionStorage.setItem(SCROLL, JSON.stringify({ ...readScroll(), [pathname]: window.scrollY }));
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
    // A visit is made when the address changes, not when the tabs do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);

  // The first run sees the state from before the restore above is applied: saving it would replace
  // the saved tabs with the current page alone, and a page left at that moment lost its other tabs.
  const firstSave = useRef(true);
  useEffect(() => {
    if (firstSave.current) {
      firstSave.current = false;
      return;
    }
    sessionStorage.setItem(key, JSON.stringify(state));
  }, [key, state]);

  // The row scrolls sideways: the current page's tab is brought into view.
  useEffect(() => {
    if (state.active) list.current?.querySelector(`[data-tab-path="${CSS.escape(state.active)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [state.active, state.tabs.length]);

  const act = (action: TabAction) => {
    const next = tabsReducer(state, action);
    dispatch(action);
    if (next.active !== state.active || action.type !== 'close') router.push(destination(next));
  };

  const menuFor = (path: string): { items: MenuEntry[]; onChoose: (choice: string) => void } => {
    const tab = state.tabs.find((candidate) => candidate.path === path);
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined aria-hidden />, label: t('shell.tabRefresh') },
        { key: 'close', icon: <CloseOutlined aria-hidden />, label: t('shell.tabClose'), disabled: tab?.affix },
        { key: 'closeOthers', label: t('shell.tabCloseOthers') },
        { key: 'closeAll', label: t('shell.tabCloseAll') },
      ],
      onChoose: (choice) => {
        // Refresh reloads the tab it belongs to: the current page is rendered again in place; another
        // tab is opened, which renders its (dynamic) page afresh. Refreshing right after a push would
        // act on the page still shown, not on the one asked for.
        if (choice === 'refresh') {
          if (path === pathname) router.refresh();
          else router.push(tab?.url ?? path);
        } else if (choice === 'close') act({ type: 'close', path });
        else if (choice === 'closeOthers') act({ type: 'closeOthers', path });
        else act({ type: 'closeAll' });
      },
    };
  };

  return (
    // Sticky under the top bar: the open pages stay in reach while a long page scrolls.
    <nav
      aria-label={t('shell.tabs')}
      style={{ position: 'sticky', top: 56, zIndex: 15, display: 'flex', alignItems: 'center', gap: 8, padding: '6px 16px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <ul ref={list} className="portal-tab-row">
        {state.tabs.map((tab) => {
          const active = tab.path === pathname;
          const title = titleOf(tab.path);
          return (
            <PortalMenu key={tab.path} {...menuFor(tab.path)} trigger="contextMenu">
              <li
                data-tab-path={tab.path}
                style={{
                  display: 'inline-flex',
                  flex: 'none',
                  alignItems: 'center',
                  gap: 2,
                  padding: '0 4px 0 12px',
                  height: 30,
                  borderRadius: token.borderRadius,
                  border: `1px solid ${active ? token.colorPrimary : token.colorBorder}`,
                  background: active ? token.colorPrimaryBg : token.colorBgContainer,
                }}
              >
                <Link href={tab.url} prefetch={false} aria-current={active ? 'page' : undefined} style={{ color: active ? token.colorPrimary : token.colorText, paddingInlineEnd: tab.affix ? 8 : 0, whiteSpace: 'nowrap' }}>
                  {title}
                </Link>
                {!tab.affix && (
                  <Button type="text" size="small" icon={<CloseOutlined aria-hidden style={{ fontSize: 10 }} />} aria-label={`${t('shell.tabClose')} ${title}`} onClick={() => act({ type: 'close', path: tab.path })} />
                )}
              </li>
            </PortalMenu>
          );
        })}
      </ul>
      {allowed(pathname) && (
        <PortalMenu {...menuFor(pathname)} trigger="click">
          <Button type="text" size="small" icon={<EllipsisOutlined aria-hidden />} aria-label={t('shell.tabMenu')} />
        </PortalMenu>
      )}
    </nav>
  );
}
