import 'server-only';
import { cache } from 'react';
import { callUpstream } from '../gateway/client';
import { localName } from '../i18n/names';
import type { SessionData } from '../session/session';
import type { ListDefinition, OptionSource } from './definition';

/** One choice of an option filter; `parent` is the value of the filter that narrows it (a store's merchant). */
export interface FilterOption {
  value: string;
  label: string;
  parent?: string;
}

export type FilterOptions = Partial<Record<OptionSource, FilterOption[]>>;

/** A choice's label: its name, then its number, which the table and the URL show. */
const named = (name: string, code: string) => `${name} (${code})`;

/** The most stores one list offers to choose from (the store-terminal call's page limit). */
const STORE_LIMIT = 100;

/**
 * The stores with their terminals and merchant names, for users who may read them: one call per
 * page render, shared by the filters and a form above them (the call's duplicate guard refuses a
 * second identical one while the first is in flight).
 */
const storesOf = cache(async (session: SessionData) => {
  if (!session.menus.includes('stores') && !session.isAdmin) return [];
  const stores = await callUpstream('storeTerminals', { limit: STORE_LIMIT, page: 1 }, session);
  return stores.ok ? stores.data.data : [];
});

/**
 * The user's merchants, each named by its stores' rows when they carry it (the sign-in's merchant
 * list has numbers only), else shown by its number.
 */
function merchantChoices(session: SessionData, stores: Awaited<ReturnType<typeof storesOf>>, locale: string): FilterOption[] {
  const names = new Map(stores.flatMap((s) => (s.merchant_no && s.business_name ? [[s.merchant_no, localName(locale, { name: s.business_name, cname: s.business_cname })] as const] : [])));
  return session.merchantIds.map((merchant) => {
    const name = names.get(merchant);
    return { value: merchant, label: name ? named(name, merchant) : merchant };
  });
}

/** The user's merchants as a form offers them. */
export async function merchantOptions(session: SessionData, locale: string): Promise<FilterOption[]> {
  return merchantChoices(session, await storesOf(session), locale);
}

/**
 * The choices of a list's option filters and actions, from what the session may see: a partner's customers, the
 * user's merchants, and the stores and terminals of the store-terminal call (for users who may read
 * it). A source with no choices leaves its filter out of the form.
 */
export async function loadOptions(session: SessionData, definition: ListDefinition, locale: string): Promise<FilterOptions> {
  const sources = new Set([...definition.filters.flatMap((f) => (f.kind === 'option' ? [f.source] : [])), ...(definition.choices ?? [])]);
  const wantsStores = sources.has('stores') || sources.has('terminals') || sources.has('merchants');
  const [customers, stores] = await Promise.all([
    sources.has('customers') && session.rank === 'PARTNER' ? callUpstream('customerInfo', {}, session) : null,
    wantsStores ? storesOf(session) : [],
  ]);
  return {
    customers: customers?.ok ? customers.data.map((c) => ({ value: c.customer_no, label: named(localName(locale, { name: c.customer_name, cname: c.customer_cname }), c.customer_no) })) : [],
    merchants: sources.has('merchants') ? merchantChoices(session, stores, locale) : [],
    // Only what the list's filters and actions offer goes to the browser: the call may serve the merchants' names alone.
    stores: sources.has('stores') ? stores.map((s) => ({ value: s.store_code, label: named(String(s.store_name ?? s.store_code), s.store_code), parent: s.merchant_no ?? '' })) : [],
    terminals: sources.has('terminals') ? stores.flatMap((s) => s.terminals.map((terminal) => ({ value: terminal, label: terminal, parent: s.store_code }))) : [],
  };
}
