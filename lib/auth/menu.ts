import { MENU_ROUTES, withoutTrailingSlashes, type MenuRoute } from './routes';

export interface MenuItem {
  code: string;
  path: string;
}

export interface MenuGroup {
  group: NonNullable<MenuRoute['group']>;
  items: MenuItem[];
}

export type MenuEntry = ({ kind: 'item' } & MenuItem) | ({ kind: 'group' } & MenuGroup);

/**
 * The sidebar from the session's menu codes (spec section 6): routes in the table's order, items of
 * a group under it, groups without an allowed item left out, unknown codes ignored.
 */
export function buildMenu(codes: readonly string[]): MenuEntry[] {
  const allowed = new Set(codes);
  const entries: MenuEntry[] = [];
  for (const route of MENU_ROUTES) {
    if (!allowed.has(route.code)) continue;
    const item = { code: route.code, path: route.path };
    if (!route.group) {
      entries.push({ kind: 'item', ...item });
      continue;
    }
    const existing = entries.find((e): e is Extract<MenuEntry, { kind: 'group' }> => e.kind === 'group' && e.group === route.group);
    if (existing) existing.items.push(item);
    else entries.push({ kind: 'group', group: route.group, items: [item] });
  }
  return entries;
}

/** The menu route a path belongs to (for highlighting and tab titles). */
export function routeOfPath(path: string): MenuRoute | undefined {
  const clean = withoutTrailingSlashes(path);
  return MENU_ROUTES.find((route) => route.path === clean);
}
