/**
 * The tab strip of visited pages (spec section 2): the dashboard is pinned and never closed;
 * closing the active tab moves to the last remaining one, or to the root when none remain.
 * A tab keeps the full URL it was left at, so its filters and page come back with it.
 */
export interface Tab {
  /** The route path: one tab per route. */
  path: string;
  /** Path and query as last seen. */
  url: string;
  affix: boolean;
}

export interface TabState {
  tabs: Tab[];
  active: string | null;
}

export type TabAction =
  | { type: 'visit'; path: string; url: string }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' };

export const AFFIX_PATHS = ['/dashboard/dashboard'];

/**
 * At most this many tabs stay open: the strip is one scrolling row, and past this a row of tabs is
 * no longer a way to find a page. Opening one more closes the oldest unpinned tab (and the strip
 * says which).
 */
export const MAX_TABS = 20;

/** The tab a visit to `path` closes to stay within the cap, if any: the oldest unpinned one. */
export function tabToEvict(state: TabState, path: string, max = MAX_TABS): Tab | undefined {
  if (state.tabs.length < max || state.tabs.some((tab) => tab.path === path)) return undefined;
  return state.tabs.find((tab) => !tab.affix && tab.path !== state.active) ?? state.tabs.find((tab) => !tab.affix);
}

export function initialTabs(affixAllowed: boolean): TabState {
  return { tabs: affixAllowed ? AFFIX_PATHS.map((path) => ({ path, url: path, affix: true })) : [], active: null };
}

export function tabsReducer(state: TabState, action: TabAction): TabState {
  switch (action.type) {
    case 'visit': {
      const known = state.tabs.some((tab) => tab.path === action.path);
      const evicted = tabToEvict(state, action.path);
      const tabs = known
        ? state.tabs.map((tab) => (tab.path === action.path ? { ...tab, url: action.url } : tab))
        : [...state.tabs.filter((tab) => tab !== evicted), { path: action.path, url: action.url, affix: AFFIX_PATHS.includes(action.path) }];
      return { tabs, active: action.path };
    }
    case 'close': {
      const target = state.tabs.find((tab) => tab.path === action.path);
      if (!target || target.affix) return state;
      const tabs = state.tabs.filter((tab) => tab.path !== action.path);
      const active = state.active === action.path ? (tabs[tabs.length - 1]?.path ?? null) : state.active;
      return { tabs, active };
    }
    case 'closeOthers': {
      const tabs = state.tabs.filter((tab) => tab.affix || tab.path === action.path);
      return { tabs, active: tabs.some((tab) => tab.path === state.active) ? state.active : action.path };
    }
    case 'closeAll': {
      const tabs = state.tabs.filter((tab) => tab.affix);
      return { tabs, active: tabs.some((tab) => tab.path === state.active) ? state.active : (tabs[tabs.length - 1]?.path ?? null) };
    }
  }
}

/** Where the browser goes after an action: the active tab's last URL, or the root. */
export function destination(state: TabState): string {
  return state.tabs.find((tab) => tab.path === state.active)?.url ?? '/';
}
