import { canOpen, homePath, menuCodeOf, navigate, withoutTrailingSlashes } from '@/lib/auth/routes';

const admin = { menus: ['dashboard', 'transactions', 'reviewRefund'], pwdFlag: false, opPwdFlag: false, roleId: 1 };

describe('navigation rules (spec section 2)', () => {
  it.each(['/login', '/reset/abc/', '/404', '/401', '/redirect', '/empty', '/api/health', '/api/auth/login'])('lets anyone open %s', (path) => {
    expect(navigate(path, null)).toEqual({ kind: 'allow' });
  });

  it.each(['/dashboard/dashboard', '/transaction/transactions', '/FirstLoginUpdPwd', '/redirect/transaction/transactions', '/no/such'])(
    'logs a signed-out user out of %s',
    (path) => {
      expect(navigate(path, null)).toEqual({ kind: 'logout' });
    },
  );

  it('sends / to the dashboard when signed out and home when signed in', () => {
    expect(navigate('/', null)).toEqual({ kind: 'redirect', to: '/dashboard/dashboard' });
    expect(navigate('/', { ...admin, menus: ['transactions'] })).toEqual({ kind: 'redirect', to: '/transaction/transactions' });
  });

  it('forwards a signed-in user away from /login', () => {
    expect(navigate('/login', admin)).toEqual({ kind: 'redirect', to: '/dashboard/dashboard' });
    expect(navigate('/login', { ...admin, pwdFlag: true })).toEqual({ kind: 'redirect', to: '/FirstLoginUpdPwd' });
  });

  it('confines a user with a password flag to /FirstLoginUpdPwd', () => {
    const flagged = { ...admin, opPwdFlag: true };
    expect(navigate('/dashboard/dashboard', flagged)).toEqual({ kind: 'redirect', to: '/FirstLoginUpdPwd' });
    expect(navigate('/FirstLoginUpdPwd', flagged)).toEqual({ kind: 'allow' });
    expect(navigate('/api/auth/logout', flagged)).toEqual({ kind: 'allow' });
  });

  it('does not confine a role without a management password for that flag', () => {
    expect(navigate('/dashboard/dashboard', { ...admin, roleId: 4, opPwdFlag: true })).toEqual({ kind: 'allow' });
  });

  it('hides /FirstLoginUpdPwd once no flag is set', () => {
    expect(navigate('/FirstLoginUpdPwd', admin)).toEqual({ kind: 'redirect', to: '/dashboard/dashboard' });
  });

  it('keeps the session on menu routes it lacks (no access) and on unknown paths (the shell’s 404)', () => {
    expect(navigate('/transaction/reviewRefund', admin)).toEqual({ kind: 'allow' });
    expect(navigate('/transaction/refundRequest', admin)).toEqual({ kind: 'forbidden' });
    expect(navigate('/pdf-download-dashboard', { ...admin, menus: ['transactions'] })).toEqual({ kind: 'forbidden' });
    expect(navigate('/no/such/page', admin)).toEqual({ kind: 'allow' });
  });

  it('leaves route handlers to answer for themselves', () => {
    expect(navigate('/api/gateway/userInfoList', null)).toEqual({ kind: 'allow' });
  });

  it('maps routes to menu codes, hidden ones included', () => {
    expect(menuCodeOf('/transaction/transactions/')).toBe('transactions');
    expect(menuCodeOf('/pdf-download-dashboard')).toBe('dashboard');
    expect(menuCodeOf('/transaction')).toBeUndefined();
  });

  it('lands on the dashboard, else the first allowed route, else /empty', () => {
    expect(homePath(['transactions', 'dashboard'])).toBe('/dashboard/dashboard');
    expect(homePath(['settleWxAli', 'reconWxAli'])).toBe('/transaction/settleWxAli');
    expect(homePath([])).toBe('/empty');
  });
});

describe('a path’s trailing slashes', () => {
  it('are cut in time linear in the path, however many a request holds', () => {
    expect(withoutTrailingSlashes('/transaction/transactions///')).toBe('/transaction/transactions');
    expect(withoutTrailingSlashes('///')).toBe('');
    const long = `/${'/'.repeat(200_000)}x`;
    const started = performance.now();
    expect(withoutTrailingSlashes(long)).toBe(long);
    expect(menuCodeOf(long)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('canOpen: a link the portal shows leads only where its reader may go', () => {
  it.each([
    ['/uploadDocuments', ['uploadDocuments'], true],
    ['/uploadDocuments', ['settleWxAli', 'reconWxAli', 'notifications'], false],
    ['/transaction/transactions?from=2026-11-01&to=2026-11-28', ['transactions'], true],
    ['/transaction/transactions#top', ['dashboard'], false],
    ['/help/faq', [], true],
    ['/no/such/page', ['dashboard'], false],
    ['//evil.example/uploadDocuments', ['uploadDocuments'], false],
    ['https://evil.example/', ['uploadDocuments'], false],
    ['/api/auth/logout', ['dashboard'], false],
  ] as const)('%s with menus %j: %s', (path, menus, open) => {
    expect(canOpen(path, menus)).toBe(open);
  });
});
