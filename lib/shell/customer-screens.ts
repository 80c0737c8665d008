import 'server-only';
import { MENU_ROUTES } from '../auth/routes';
import { narrowedBy } from '../list-kit/narrow';
import { listSources } from '../lists/sources';

/** A screen whose list a partner narrows to one customer, and the URL keys a change of customer empties. */
export interface CustomerScreen {
  path: string;
  /** The URL key of the list's customer filter. */
  param: string;
  /** The filters the customer narrows (merchant, store, terminal), emptied when it changes. */
  clears: string[];
}

/**
 * The screens of the partner's customer switcher (the top bar, or the drawer on a phone): every
 * list with a customer filter, read from the list definitions, so a list added later with that
 * filter gets the switcher without a change here.
 */
export function customerScreens(): CustomerScreen[] {
  return listSources().flatMap(({ definition }) => {
    const filter = definition.filters.find((f) => f.kind === 'option' && f.source === 'customers');
    const route = MENU_ROUTES.find((r) => r.code === definition.menu);
    return filter && route && !definition.partOf ? [{ path: route.path, param: filter.key, clears: narrowedBy(definition, filter.key) }] : [];
  });
}
