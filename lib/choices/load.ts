import 'server-only';
import { cache } from 'react';
import { callUpstream } from '../gateway/client';
import type { GatewayError } from '../gateway/errors';
import { localField, localName, nameAndNumber } from '../i18n/names';
import type { OptionSource } from '../list-kit/definition';
import type { FilterOption } from '../list-kit/narrow';
import type { SessionData } from '../session/session';
import type { ChoiceScope } from './scope';
import { MERCHANT_CALLS } from '../merchants/calls';

/**
 * The choices of customer, merchant, store and terminal, searched on the services as the user
 * types (issue 29): a page at a time, never the whole set, each named in the reader's language as
 * "name (number)" and carrying the customer, merchant and store it belongs to, narrowed to a scope
 * that choiceScope (./scope.ts) allowed. A chain of a thousand stores sends the browser a page of
 * them, not a thousand.
 */

/** How many choices a list offers before the user types. */
export const FIRST_CHOICES = 20;

const KIND = { customers: 'customer', merchants: 'merchant', stores: 'store', terminals: 'terminal' } as const;

/** Whether the session chooses from a source at all: a partner its customers; stores and terminals with the stores menu. */
export function mayChoose(session: Pick<SessionData, 'rank' | 'menus' | 'isAdmin'>, source: OptionSource): boolean {
  if (source === 'customers') return session.rank === 'PARTNER';
  if (source === 'merchants') return true;
  return session.menus.includes('stores') || session.isAdmin;
}

export interface ChoicePage {
  options: FilterOption[];
  /** More choices match than the page holds: typing narrows them. */
  more: boolean;
}

export interface ChoiceQuery {
  /** What the user typed: a number's start or any part of a name. */
  q?: string;
  scope?: ChoiceScope;
  /** Exact values (a link's choices) in place of a search. */
  values?: readonly string[];
}

type Searched = { ok: true; data: ChoicePage } | { ok: false; error: GatewayError };

const NONE: Searched = { ok: true, data: { options: [], more: false } };

/** One page of a source's choices, asked once per request for the same text (React's `cache`). */
const searchOnce = cache(async (session: SessionData, source: OptionSource, key: string, locale: string): Promise<Searched> => {
  const { q, scope = {}, values } = JSON.parse(key) as ChoiceQuery;
  if (!mayChoose(session, source) || values?.length === 0) return NONE;
  const answer = await callUpstream(MERCHANT_CALLS.searchChoices, { kind: KIND[source], q: q || undefined, ...scope, values: values ? [...values] : undefined, limit: FIRST_CHOICES }, session);
  if (!answer.ok) return answer;
  return { ok: true, data: {
    more: answer.data.more,
    options: answer.data.data.map((row) => ({
      value: row.value,
      label: nameAndNumber(localName(locale, { name: row.name ?? '', cname: row.cname, cnameHans: row.cname_hans }), row.value),
      // What it belongs to, not itself: a store's customer and merchant, a terminal's store too.
      within: Object.fromEntries(Object.entries({ customers: row.customer_no, merchants: row.merchant_no, stores: row.store_code }).filter(([above, value]) => value && above !== source)),
    })),
  } };
});

export function searchChoices(session: SessionData, source: OptionSource, query: ChoiceQuery, locale: string): Promise<Searched> {
  return searchOnce(session, source, JSON.stringify({ q: query.q, scope: query.scope, values: query.values }), locale);
}

/** The session's merchants, all of them, for a form that assigns several at once (an account's merchants, a document's merchant). */
export const merchantChoices = cache(async (session: SessionData, locale: string): Promise<FilterOption[]> => {
  const answer = await callUpstream(MERCHANT_CALLS.merchantList, { ispaging: false }, session);
  return answer.ok ? answer.data.data.map((row) => ({ value: row.merchant_no, label: nameAndNumber(localField(locale, row, 'business_name'), row.merchant_no), within: { customers: row.pid } })) : [];
});
