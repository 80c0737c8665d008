import 'server-only';
import { customerChoices, merchantChoices, storeOptions, storesIn, terminalOptions } from '../choices/load';
import type { SessionData } from '../session/session';
import type { ListDefinition } from './definition';
import type { FilterOption, FilterOptions } from './narrow';

/** The user's merchants as a form offers them: "name (number)", with their customer. */
export function merchantOptions(session: SessionData, locale: string): Promise<FilterOption[]> {
  return merchantChoices(session, {}, locale);
}

/**
 * The choices of a list's option filters and actions, from what the session may see (lib/choices):
 * a partner's customers, the user's merchants, and the stores and terminals of the store-terminal
 * call (for users who may read it), each with its parent so the form narrows one by another
 * (lib/list-kit/narrow.ts). Only what the list offers goes to the browser. A source with no choices
 * leaves its filter out of the form.
 */
export async function loadOptions(session: SessionData, definition: ListDefinition, locale: string): Promise<FilterOptions> {
  const sources = new Set([...definition.filters.flatMap((f) => (f.kind === 'option' ? [f.source] : [])), ...(definition.choices ?? [])]);
  const [customers, merchants, stores] = await Promise.all([
    sources.has('customers') ? customerChoices(session, locale) : [],
    sources.has('merchants') ? merchantChoices(session, {}, locale) : [],
    sources.has('stores') || sources.has('terminals') ? storesIn(session, {}) : [],
  ]);
  return {
    customers,
    merchants,
    stores: sources.has('stores') ? storeOptions(stores, locale) : [],
    terminals: sources.has('terminals') ? terminalOptions(stores) : [],
  };
}
