import type { SessionData } from '../session/session';

/** Who asks: its rank, and the merchant ids it may see (lib/session/merchant-ids.ts). */
export type Asker = Pick<SessionData, 'rank'> & { merchantIds: readonly string[] };

/**
 * The scoping rule of every choice of customer, merchant, store and terminal (issue 28), on the
 * server: a list of choices is narrowed by what the request asks (a link's values today, a search
 * box's as the user types, issue 29: app/api/choices), and what it asks is
 * checked against the session, never taken as it comes. The services check every number again
 * against the token (upstream/services/scope-checks.ts): this rule makes a refusal explicit where
 * they would answer an empty list.
 */

/** What a request asks a list of choices to be narrowed by. */
export interface AskedScope {
  customer?: string;
  merchant?: string;
  store?: string;
}

/** The narrowing as the services' calls take it. */
export interface ChoiceScope {
  customer_no?: string;
  merchant_no?: string;
  store_code?: string;
}

export type ScopeResult = { ok: true; scope: ChoiceScope } | { ok: false; field: keyof AskedScope };

/**
 * - A customer narrows only a partner's choices: a customer user's data is its own customer's, and
 *   naming another is refused rather than answered with nothing. Whether the customer is the
 *   partner's is the services' check (they answer nothing of a customer that is not).
 * - A merchant must be one of the session's merchants (the sign-in's merchant list).
 * - A store goes to the services, which answer only stores of the token's scope.
 */
export function choiceScope(session: Asker, asked: AskedScope): ScopeResult {
  const scope: ChoiceScope = {};
  if (asked.customer) {
    if (session.rank !== 'PARTNER') return { ok: false, field: 'customer' };
    scope.customer_no = asked.customer;
  }
  if (asked.merchant) {
    if (!session.merchantIds.includes(asked.merchant)) return { ok: false, field: 'merchant' };
    scope.merchant_no = asked.merchant;
  }
  if (asked.store) scope.store_code = asked.store;
  return { ok: true, scope };
}
