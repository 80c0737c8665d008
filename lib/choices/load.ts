import 'server-only';
import { cache } from 'react';
import { callUpstream } from '../gateway/client';
import { localField, nameAndNumber } from '../i18n/names';
import type { FilterOption } from '../list-kit/narrow';
import type { SessionData } from '../session/session';
import { customersOf } from '../shell/partners';
import type { ChoiceScope } from './scope';

/**
 * The choices of customer, merchant, store and terminal, each named in the reader's language as
 * "name (number)" and carrying its parent (a merchant's customer, a store's merchant, a terminal's
 * store), narrowed by the services' own calls to a scope that choiceScope (./scope.ts) allowed.
 * Each call is made once per request (React's `cache`, keyed by its text arguments): the filters and
 * a form above them share it, and the store-terminal call's duplicate guard refuses a second
 * identical one while the first is in flight.
 */

/** The most stores one list of choices holds (the store-terminal call's page limit). */
const STORE_LIMIT = 100;

/** A partner's customers; none for a customer user, whose customer is its session's. */
export async function customerChoices(session: SessionData, locale: string): Promise<FilterOption[]> {
  if (session.rank !== 'PARTNER') return [];
  const answer = await customersOf(session);
  return answer.ok ? answer.data.map((c) => ({ value: c.customer_no, label: nameAndNumber(localField(locale, c, 'customer_name'), c.customer_no) })) : [];
}

/** The merchant list call (every role may make it): the scope's merchants with their names and customer. */
const merchantRows = cache(async (session: SessionData, customer: string) => {
  const answer = await callUpstream('merchantList', { ispaging: false, customer_no: customer || undefined }, session);
  return answer.ok ? answer.data.data : null;
});

/** The scope's merchants, named for every role; by number alone only if the services cannot say. */
export async function merchantChoices(session: SessionData, scope: ChoiceScope, locale: string): Promise<FilterOption[]> {
  const rows = await merchantRows(session, scope.customer_no ?? '');
  const chosen = (merchant: string) => !scope.merchant_no || merchant === scope.merchant_no;
  if (!rows) return scope.customer_no ? [] : session.merchantIds.filter(chosen).map((merchant) => ({ value: merchant, label: merchant }));
  return rows.filter((row) => chosen(row.merchant_no)).map((row) => ({ value: row.merchant_no, label: nameAndNumber(localField(locale, row, 'business_name'), row.merchant_no), parent: row.pid }));
}

/** The store-terminal call, for users who may read stores (its menu): stores with their terminals. */
const storeRows = cache(async (session: SessionData, customer: string, merchant: string) => {
  if (!session.menus.includes('stores') && !session.isAdmin) return [];
  const answer = await callUpstream('storeTerminals', { limit: STORE_LIMIT, page: 1, customer_no: customer || undefined, merchant_no: merchant || undefined }, session);
  return answer.ok ? answer.data.data : [];
});

type StoreRow = Awaited<ReturnType<typeof storeRows>>[number];

/**
 * The scope's stores with their terminals: one call, from which the store and the terminal choices
 * are both read (React's `cache` does not reach a route handler, and two identical calls at once
 * would meet the call's duplicate guard).
 */
export async function storesIn(session: SessionData, scope: ChoiceScope): Promise<StoreRow[]> {
  return (await storeRows(session, scope.customer_no ?? '', scope.merchant_no ?? '')).filter((s) => !scope.store_code || s.store_code === scope.store_code);
}

/** Stores as choices, each within its merchant. */
export const storeOptions = (stores: StoreRow[], locale: string): FilterOption[] =>
  stores.map((s) => ({ value: s.store_code, label: nameAndNumber(localField(locale, s, 'store_name'), s.store_code), parent: s.merchant_no ?? '' }));

/** Terminals as choices, each within its store. */
export const terminalOptions = (stores: StoreRow[]): FilterOption[] => stores.flatMap((s) => s.terminals.map((terminal) => ({ value: terminal, label: terminal, parent: s.store_code })));

/** The scope's stores. */
export async function storeChoices(session: SessionData, scope: ChoiceScope, locale: string): Promise<FilterOption[]> {
  return storeOptions(await storesIn(session, scope), locale);
}

/** The scope's terminals. */
export async function terminalChoices(session: SessionData, scope: ChoiceScope): Promise<FilterOption[]> {
  return terminalOptions(await storesIn(session, scope));
}
