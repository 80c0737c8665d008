'use client';

import { GlobalOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Layout } from 'antd';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { LanguageSwitch } from '@/components/i18n/LanguageSwitch';
import { ImportantNoticeDialog } from '@/components/notices/ImportantNoticeDialog';
import type { ImportantNotice } from '@/lib/notices/codes';
import { NoticeBell } from '@/components/notices/NoticeBell';
import { postJson } from '@/lib/client/api';
import { signOut, USER_KEY } from '@/lib/client/sign-out';
import { useLiveCount } from '@/lib/client/use-live-count';
import { useOpenedOnce } from '@/lib/client/use-opened-once';
import { useMediaQuery } from '@/lib/client/use-media-query';
import { DEFAULT_LANGUAGE, languageOfTag } from '@/lib/i18n/languages';
import type { FilterOption } from '@/lib/list-kit/narrow';
import type { SessionView } from '@/lib/session/session';
import type { CustomerScreen } from '@/lib/shell/customer-screens';
import type { ShellLinks } from '@/lib/shell/links';
import { SIDEBAR_COOKIE } from '@/lib/shell/sidebar';
import { BRAND } from '@/lib/theme/tokens';
import { AccountMenu } from './AccountMenu';
import { ShellFooter } from './ShellFooter';
import { Sidebar, type Organisation } from './Sidebar';
import { TabStrip } from './TabStrip';
import styles from './shell.module.css';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// The account menu's dialogs open on a click only: their code loads then, not with every page.
const ProfileDialog = dynamic(orUpdatePrompt(() => import('./ProfileDialog').then((m) => m.ProfileDialog)), { ssr: false });
const ChangePasswordDialog = dynamic(orUpdatePrompt(() => import('./ChangePasswordDialog').then((m) => m.ChangePasswordDialog)), { ssr: false });
const TwoStepDialog = dynamic(orUpdatePrompt(() => import('../two-step/TwoStepDialog').then((m) => m.TwoStepDialog)), { ssr: false });
// The sidebar's drawer, on narrow screens only: its code loads once the screen is known to be narrow, before the first tap.
const Drawer = dynamic(orUpdatePrompt(() => import('antd/es/drawer').then((m) => m.default)), { ssr: false });
// Only partners see their customer switcher: antd's Select loads with it, not with every page.
const CustomerSwitcher = dynamic(orUpdatePrompt(() => import('./CustomerSwitcher').then((m) => m.CustomerSwitcher)));

/** Spec section 9: the sidebar becomes a drawer under 1264 px; drawer 279 wide, mini 60. */
const MOBILE_QUERY = '(max-width: 1263px)';
const SIDEBAR_WIDTH = 279;
const MINI_WIDTH = 60;
export const APPROVALS_CHANGED = 'portal:approvals';
const readApprovals = (data: { raCount: number }[]) => data[0]?.raCount ?? 0;

interface Props {
  session: SessionView;
  organisation: Organisation | null;
  /** A partner's customers (none for a customer user), and the screens that narrow to one of them. */
  customers: FilterOption[];
  customerScreens: CustomerScreen[];
  links: ShellLinks;
  sidebarOpen: boolean;
  pendingApprovals: number | null;
  /** Important notices to open before the page (lib/notices/important.ts): until answered in this sign-in. */
  importantNotices: ImportantNotice[];
  children: ReactNode;
}

/** The frame of every signed-in page: top bar, sidebar, tabs, content, footer. */
export function AppShell({ session, organisation, customers, customerScreens, links, sidebarOpen, pendingApprovals: initialApprovals, importantNotices, children }: Props) {
  const t = useTranslations();
  const locale = useLocale();
  const pathname = usePathname();
  const [open, setOpen] = useState(sidebarOpen);
  const mobile = useMediaQuery(MOBILE_QUERY);
  // The drawer belongs to the page it was opened on, so it closes on route change.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = mobile && drawerPath === pathname;
  const [dialog, setDialog] = useState<'profile' | 'password' | 'twoStep' | null>(null);
  const passwordMounted = useOpenedOnce(dialog === 'password');
  const accountButton = useRef<HTMLButtonElement>(null);
  // A dialog opened from the account menu gives focus back to the account button when it closes.
  const closeDialog = useCallback(() => {
    setDialog(null);
    requestAnimationFrame(() => accountButton.current?.focus());
  }, []);
  const reviewer = session.menus.includes('reviewRefund');
  // The badge follows navigation and every approval.
  const approvals = useLiveCount('approvalCount', readApprovals, { enabled: reviewer, event: APPROVALS_CHANGED, initial: initialApprovals });
  const noticesShown = session.menus.includes('notifications');

  const setSidebar = useCallback((next: boolean) => {
    setOpen(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next ? '1' : '0'}; path=/; max-age=31536000; samesite=lax`;
  }, []);

  // Back from mobile to desktop opens the sidebar (spec section 4); to mobile, the drawer starts closed.
  useEffect(() => {
    const list = window.matchMedia(MOBILE_QUERY);
    const changed = () => (list.matches ? setDrawerPath(null) : setSidebar(true));
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [setSidebar]);

  useEffect(() => {
    localStorage.setItem(USER_KEY, String(session.userId));
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      const stored = localStorage.getItem(USER_KEY);
      if (stored === null) void signOut();
      else if (stored !== String(session.userId)) window.location.reload();
      // The same user: is the session still alive? It may have ended elsewhere while the tab was
      // hidden (a password reset in another browser, a deactivation). The spec's profile fetch asks
      // the services too; an ended session sends the tab to sign-in (lib/client/api.ts).
      else void postJson('/api/gateway/userInfoList', {});
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [session.userId]);

  const sidebar = (collapsed: boolean) => (
    <Sidebar menus={session.menus} pathname={pathname} collapsed={collapsed} organisation={organisation} pendingApprovals={approvals} links={links} />
  );
  const toggleLabel = mobile ? t('shell.openMenu') : open ? t('shell.collapseMenu') : t('shell.expandMenu');

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, position: 'sticky', top: 0, zIndex: 20, paddingInline: 16 }}>
        <button
          type="button"
          className="portal-icon-button"
          aria-label={toggleLabel}
          aria-expanded={mobile ? drawerOpen : open}
          onClick={() => (mobile ? setDrawerPath(pathname) : setSidebar(!open))}
        >
          {mobile ? <MenuOutlined /> : open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        </button>
        {/* On a phone the title gives way (the drawer and the browser title still name the portal), so the language and account menus stay on screen. */}
        <span className={`portal-hide-phone ${styles.title}`}>{t('app.title')}</span>
        <div className={styles.bar}>
          {customers.length > 0 && (
            <CustomerSwitcher customers={customers} screens={customerScreens} className="portal-hide-narrow" />
          )}
          {noticesShown && <NoticeBell />}
          <LanguageSwitch current={languageOfTag(locale) ?? DEFAULT_LANGUAGE} label={t('language.label')} icon={<GlobalOutlined />} />
          <AccountMenu buttonRef={accountButton} nickName={session.nickName} loginType={session.loginType} onProfile={() => setDialog('profile')} onChangePassword={() => setDialog('password')} onTwoStep={() => setDialog('twoStep')} onLogout={signOut} />
        </div>
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          className="portal-sider"
          width={SIDEBAR_WIDTH}
          collapsedWidth={MINI_WIDTH}
          collapsed={!open}
          trigger={null}
          theme="light"
          style={{ borderInlineEnd: `1px solid ${BRAND.pageBackground}`, position: 'sticky', top: 56, height: 'calc(100vh - 56px)', overflow: 'auto' }}
        >
          {sidebar(!open)}
        </Layout.Sider>
        {mobile && (
          <Drawer placement="left" size={SIDEBAR_WIDTH} open={drawerOpen} onClose={() => setDrawerPath(null)} styles={{ body: { padding: 0 } }} title={t('app.title')}>
            {/* Where the top bar has no room for it (a phone), the partner's customer switcher heads the drawer. */}
            {customers.length > 0 && (
              <div className={`portal-only-narrow ${styles.drawerSwitcher}`}>
                <CustomerSwitcher customers={customers} screens={customerScreens} className={styles.drawerSwitcherSelect} labelled onChosen={() => setDrawerPath(null)} />
              </div>
            )}
            {sidebar(false)}
          </Drawer>
        )}
        <Layout style={{ minWidth: 0 }}>
          {/* No Suspense boundary around it: React sends a boundary of more than 500 bytes after the rest of a large page, so the strip would be painted late and push the page down (docs/performance.md). */}
          <TabStrip userId={session.userId} menus={session.menus} />
          <Layout.Content className="portal-content">{children}</Layout.Content>
          <Layout.Footer style={{ paddingBlock: 16 }}>
            <ShellFooter links={links} />
          </Layout.Footer>
        </Layout>
      </Layout>
      {dialog === 'profile' && <ProfileDialog account={session.account} onClose={closeDialog} />}
      {dialog === 'twoStep' && <TwoStepDialog onClose={closeDialog} />}
      {/* Mounted with the shell: a refresh's layout, which no longer opens it, leaves one being read open. */}
      {noticesShown && <ImportantNoticeDialog notices={importantNotices} />}
      {passwordMounted && <ChangePasswordDialog open={dialog === 'password'} roleId={session.roleId} pwdFlag={session.pwdFlag} onClose={closeDialog} />}
    </Layout>
  );
}
