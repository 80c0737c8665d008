import { buildMenu, routeOfPath } from '@/lib/auth/menu';

describe('buildMenu', () => {
  it('orders items as the routes do, grouping sub-menus', () => {
    expect(buildMenu(['reviewRefund', 'dashboard', 'transactions', 'notifications', 'stores'])).toEqual([
      { kind: 'item', code: 'dashboard', path: '/dashboard/dashboard' },
      { kind: 'group', group: 'merchant', items: [{ code: 'stores', path: '/merchant/stores' }] },
      {
        kind: 'group',
        group: 'transaction',
        items: [
          { code: 'transactions', path: '/transaction/transactions' },
          { code: 'reviewRefund', path: '/transaction/reviewRefund' },
        ],
      },
      { kind: 'item', code: 'notifications', path: '/notifications' },
    ]);
  });

  it('ignores unknown codes and group codes without items', () => {
    expect(buildMenu(['merchant', 'transaction', 'nonsense', 'settleWxAli'])).toEqual([
      { kind: 'group', group: 'transaction', items: [{ code: 'settleWxAli', path: '/transaction/settleWxAli' }] },
    ]);
  });

  it('builds nothing from nothing', () => {
    expect(buildMenu([])).toEqual([]);
  });

  it('finds the route of a path, with or without a trailing slash', () => {
    expect(routeOfPath('/transaction/transactions/')?.code).toBe('transactions');
    expect(routeOfPath('/login')).toBeUndefined();
  });
});
