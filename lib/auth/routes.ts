import { HELP_PATH } from '../shell/help';
import { pendingPasswordChanges } from './password-changes';

/**
 * The portal's routes and their menu codes (DESIGN.md section 5: a menu code is the last segment
 * of its route). One table for the navigation rules (proxy.ts, pages) and the sidebar.
 */
export interface MenuRoute {
  code: string;
  path: string;
  /** The sidebar group (spec section 2), or none for top-level items. */
  group?: 'collect' | 'merchant' | 'transaction' | 'accountMng' | 'log';
}

export const MENU_ROUTES: MenuRoute[] = [
  { code: 'dashboard', path: '/dashboard/dashboard' },
  { code: 'merchantCode', path: '/collect/merchantCode', group: 'collect' },
  { code: 'createTransaction', path: '/collect/createTransaction', group: 'collect' },
  { code: 'totalAssets', path: '/merchant/totalAssets', group: 'merchant' },
  { code: 'merchants', path: '/merchant/merchants', group: 'merchant' },
  { code: 'payments', path: '/merchant/payments', group: 'merchant' },
  { code: 'stores', path: '/merchant/stores', group: 'merchant' },
  { code: 'applyService', path: '/merchant/applyService', group: 'merchant' },
  { code: 'transactions', path: '/transaction/transactions', group: 'transaction' },
  { code: 'settles', path: '/transaction/settles', group: 'transaction' },
  { code: 'reconciliation', path: '/transaction/reconciliation', group: 'transaction' },
  { code: 'refundRequest', path: '/transaction/refundRequest', group: 'transaction' },
  { code: 'reviewRefund', path: '/transaction/reviewRefund', group: 'transaction' },
  { code: 'settleWxAli', path: '/transaction/settleWxAli', group: 'transaction' },
  { code: 'reconWxAli', path: '/transaction/reconWxAli', group: 'transaction' },
  { code: 'smartTips', path: '/transaction/smartTips', group: 'transaction' },
  { code: 'accountStatus', path: '/accountMng/accountStatus', group: 'accountMng' },
  { code: 'activityLog', path: '/log/activityLog', group: 'log' },
  { code: 'uploadDocuments', path: '/uploadDocuments' },
  { code: 'notifications', path: '/notifications' },
];

export const FIRST_LOGIN_PATH = '/FirstLoginUpdPwd';
/** Where a user whose organisation requires a second factor sets one up before anything else (issue 26). */
export const TWO_STEP_SETUP_PATH = '/TwoStepSetup';
export const LOGIN_PATH = '/login';

/** Hidden routes that belong to a menu: the dashboard's PDF download. */
const HIDDEN_ROUTES: Record<string, string> = { '/pdf-download-dashboard': 'dashboard' };

/** Paths anyone may open (spec section 2), plus the portal's own public endpoints. */
export function isPublicPath(path: string): boolean {
  return (
    path === LOGIN_PATH ||
    path === '/404' ||
    path === '/401' ||
    path === '/empty' ||
    path === HELP_PATH ||
    path.startsWith(`${HELP_PATH}/`) ||
    path.startsWith('/reset/') ||
    path === '/redirect' ||
    path === '/api/health' ||
    path.startsWith('/api/auth/')
  );
}

/**
 * A path without its trailing slashes. A loop, not /\/+$/: that pattern backtracks over a long run of
 * slashes (a request's path can hold thousands), costing time squared.
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/** The menu code a path needs, or undefined for a path that is not a menu route. */
export function menuCodeOf(path: string): string | undefined {
  const clean = withoutTrailingSlashes(path) || '/';
  return MENU_ROUTES.find((route) => route.path === clean)?.code ?? HIDDEN_ROUTES[clean];
}

/** Where a signed-in user lands: the dashboard, or the first route its menus allow. */
export function homePath(menus: readonly string[]): string {
  return (MENU_ROUTES.find((route) => route.code === 'dashboard' && menus.includes('dashboard')) ?? MENU_ROUTES.find((route) => menus.includes(route.code)))?.path ?? '/empty';
}

export type Navigation =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** No live session: go to /login (spec section 2); "session ended" only when a cookie came. */
  | { kind: 'logout' }
  /** A menu route the session's menus lack: "no access" inside the shell, the session kept. */
  | { kind: 'forbidden' };

/** Where the proxy shows a forbidden route (a rewrite: the address stays the one the user asked for). */
export const FORBIDDEN_PATH = '/forbidden';

interface NavigationSession {
  menus: readonly string[];
  pwdFlag: boolean;
  opPwdFlag: boolean;
  roleId: number;
  factorSetup?: boolean;
}

/** The navigation rules of spec section 2 for one path. */
export function navigate(path: string, session: NavigationSession | null): Navigation {
  if (path.startsWith('/api/') && !path.startsWith('/api/auth/') && path !== '/api/health') {
    // Route handlers answer for themselves (401 JSON), they are not navigations.
    return { kind: 'allow' };
  }
  if (!session) {
    if (path === '/') return { kind: 'redirect', to: '/dashboard/dashboard' };
    return isPublicPath(path) ? { kind: 'allow' } : { kind: 'logout' };
  }
  const pending = pendingPasswordChanges(session);
  const mustChangePassword = pending.login || pending.management;
  if (path === LOGIN_PATH || path === '/') return { kind: 'redirect', to: mustChangePassword ? FIRST_LOGIN_PATH : session.factorSetup ? TWO_STEP_SETUP_PATH : homePath(session.menus) };
  if (mustChangePassword) return path === FIRST_LOGIN_PATH || path.startsWith('/api/auth/') ? { kind: 'allow' } : { kind: 'redirect', to: FIRST_LOGIN_PATH };
  if (path === FIRST_LOGIN_PATH) return { kind: 'redirect', to: homePath(session.menus) };
  // A second factor owed confines the session as a password change does (issue 26).
  if (session.factorSetup) return path === TWO_STEP_SETUP_PATH || path.startsWith('/api/auth/') ? { kind: 'allow' } : { kind: 'redirect', to: TWO_STEP_SETUP_PATH };
  if (path === TWO_STEP_SETUP_PATH) return { kind: 'redirect', to: homePath(session.menus) };
  if (isPublicPath(path) || path.startsWith('/redirect/')) return { kind: 'allow' };
  const code = menuCodeOf(path);
  // An unknown path is allowed through: the shell's catch-all answers it with a 404 inside the
  // shell. Neither it nor a forbidden route ends the session (issue 16: only an ended session says so).
  return !code || session.menus.includes(code) ? { kind: 'allow' } : { kind: 'forbidden' };
}

/**
 * Whether a signed-in user with these menus can open a portal path: a menu route of one of its
 * menus, or a public page. A link the portal shows (a notice's action, a tip's list) leads only
 * where its reader may go; an unknown path counts as closed.
 */
export function canOpen(path: string, menus: readonly string[]): boolean {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  if (!clean.startsWith('/') || clean.startsWith('//')) return false;
  if (isPublicPath(clean) && !clean.startsWith('/api/')) return true;
  const code = menuCodeOf(clean);
  return code !== undefined && menus.includes(code);
}
