import { destination, initialTabs, MAX_TABS, tabsReducer, tabToEvict, type TabState } from '@/lib/shell/tabs';

const visit = (state: TabState, path: string, query = '') => tabsReducer(state, { type: 'visit', path, url: `${path}${query}` });

describe('the tab strip', () => {
  const opened = visit(visit(visit(initialTabs(true), '/dashboard/dashboard'), '/transaction/transactions', '?page=3'), '/merchant/stores');

  it('pins the dashboard and adds one tab per visited route, keeping its last URL', () => {
    expect(opened.tabs.map((t) => [t.path, t.affix])).toEqual([
      ['/dashboard/dashboard', true],
      ['/transaction/transactions', false],
      ['/merchant/stores', false],
    ]);
    const again = visit(opened, '/transaction/transactions', '?page=5');
    expect(again.tabs).toHaveLength(3);
    expect(again.tabs[1]?.url).toBe('/transaction/transactions?page=5');
    expect(again.active).toBe('/transaction/transactions');
  });

  it('never closes the pinned tab', () => {
    expect(tabsReducer(opened, { type: 'close', path: '/dashboard/dashboard' })).toBe(opened);
  });

  it('moves from a closed active tab to the last remaining one', () => {
    const closed = tabsReducer(opened, { type: 'close', path: '/merchant/stores' });
    expect(closed.active).toBe('/transaction/transactions');
    expect(destination(closed)).toBe('/transaction/transactions?page=3');
  });

  it('keeps the active tab when another is closed', () => {
    const closed = tabsReducer(opened, { type: 'close', path: '/transaction/transactions' });
    expect(closed.active).toBe('/merchant/stores');
  });

  it('closes others, keeping the pinned and the chosen tab', () => {
    const others = tabsReducer(opened, { type: 'closeOthers', path: '/transaction/transactions' });
    expect(others.tabs.map((t) => t.path)).toEqual(['/dashboard/dashboard', '/transaction/transactions']);
    expect(others.active).toBe('/transaction/transactions');
  });

  it('closes all but the pinned tab and lands there', () => {
    const all = tabsReducer(opened, { type: 'closeAll' });
    expect(all.tabs.map((t) => t.path)).toEqual(['/dashboard/dashboard']);
    expect(destination(all)).toBe('/dashboard/dashboard');
  });

  it('goes to the root when no tab remains (a user without the dashboard)', () => {
    const single = visit(initialTabs(false), '/transaction/transactions');
    const closed = tabsReducer(single, { type: 'close', path: '/transaction/transactions' });
    expect(closed).toEqual({ tabs: [], active: null });
    expect(destination(closed)).toBe('/');
  });

  it('keeps at most MAX_TABS open: a new page closes the oldest unpinned tab that is not the current one', () => {
    let state = visit(initialTabs(true), '/dashboard/dashboard');
    for (let i = 1; i < MAX_TABS; i++) state = visit(state, `/page/${i}`);
    expect(state.tabs).toHaveLength(MAX_TABS);
    expect(tabToEvict(state, '/page/3')).toBeUndefined();
    state = visit(state, '/page/1');
    expect(tabToEvict(state, '/page/new')?.path).toBe('/page/2');
    const next = visit(state, '/page/new');
    expect(next.tabs).toHaveLength(MAX_TABS);
    expect(next.tabs.map((t) => t.path)).toEqual(expect.arrayContaining(['/dashboard/dashboard', '/page/1', '/page/new']));
    expect(next.tabs.map((t) => t.path)).not.toContain('/page/2');
  });
});
