import { choosesNarrowedPair, fits, narrowedBy, narrowingIssues, searchScope, type FilterOptions } from '@/lib/list-kit/narrow';
import { transactionsList } from '@/lib/lists/transactions';
import { listSources } from '@/lib/lists/sources';

/** Two customers: C0001 with merchants M1 (stores S1, S2) and M2 (S3); C0003 with M3 (S4). */
const options: FilterOptions = {
  customers: [
    { value: 'C0001', label: 'Golden Harbour (C0001)' },
    { value: 'C0003', label: 'Lantau (C0003)' },
  ],
  merchants: [
    { value: 'M1', label: 'Seafood (M1)', within: { customers: 'C0001' } },
    { value: 'M2', label: 'Bakery (M2)', within: { customers: 'C0001' } },
    { value: 'M3', label: 'Pharmacy (M3)', within: { customers: 'C0003' } },
  ],
  stores: [
    { value: 'S1', label: 'S1', within: { customers: 'C0001', merchants: 'M1' } },
    { value: 'S2', label: 'S2', within: { customers: 'C0001', merchants: 'M1' } },
    { value: 'S3', label: 'S3', within: { customers: 'C0001', merchants: 'M2' } },
    { value: 'S4', label: 'S4', within: { customers: 'C0003', merchants: 'M3' } },
  ],
  terminals: [
    { value: 'T1', label: 'T1', within: { customers: 'C0001', merchants: 'M1', stores: 'S1' } },
    { value: 'T4', label: 'T4', within: { customers: 'C0003', merchants: 'M3', stores: 'S4' } },
  ],
};

const filter = (key: string) => {
  const found = transactionsList.filters.find((f) => f.key === key);
  if (!found) throw new Error(key);
  return found;
};
/** The choices of a filter that fit what is chosen above it (what the form offers of what it knows). */
const allowed = (chosen: Record<string, string>, key: string) => {
  const f = filter(key);
  return (f.kind === 'option' ? (options[f.source] ?? []) : []).filter((o) => fits(transactionsList, (k) => chosen[k], f, o)).map((o) => o.value).sort();
};

describe('choices that narrow one another', () => {
  it('narrow the merchants, stores and terminals to the chosen customer, and each to the nearest choice above it', () => {
    expect(allowed({}, 'merchant')).toEqual(['M1', 'M2', 'M3']);
    expect(allowed({ customer: 'C0003' }, 'merchant')).toEqual(['M3']);
    expect(allowed({ customer: 'C0003' }, 'store')).toEqual(['S4']);
    expect(allowed({ customer: 'C0003' }, 'terminal')).toEqual(['T4']);
    expect(allowed({ customer: 'C0001' }, 'store')).toEqual(['S1', 'S2', 'S3']);
    expect(allowed({ customer: 'C0001', merchant: 'M1' }, 'store')).toEqual(['S1', 'S2']);
    expect(allowed({ merchant: 'M2' }, 'terminal')).toEqual([]);
    expect(allowed({ store: 'S1' }, 'terminal')).toEqual(['T1']);
  });

  it('leave a choice that does not say what it belongs to to the services', () => {
    expect(fits(transactionsList, (k) => ({ customer: 'C0003' })[k], filter('merchant'), { value: 'M9', label: 'M9' })).toBe(true);
  });

  it('search a filter within every choice above it, by source', () => {
    const chosen = (values: Record<string, string>) => (k: string) => values[k];
    expect(searchScope(transactionsList, chosen({}), filter('terminal'))).toEqual({});
    expect(searchScope(transactionsList, chosen({ customer: 'C0001', store: 'S1' }), filter('terminal'))).toEqual({ customers: 'C0001', stores: 'S1' });
    expect(searchScope(transactionsList, chosen({ customer: 'C0001', merchant: 'M1', terminal: 'T1' }), filter('store'))).toEqual({ customers: 'C0001', merchants: 'M1' });
    expect(searchScope(transactionsList, chosen({ customer: 'C0001' }), filter('customer'))).toEqual({});
  });

  it('say which filters a customer narrows, broader first', () => {
    expect(narrowedBy(transactionsList, 'customer')).toEqual(['merchant', 'store', 'terminal']);
    expect(narrowedBy(transactionsList, 'store')).toEqual(['terminal']);
  });

  it('on every list with a customer filter, narrow the merchant by the customer', () => {
    const lists = listSources().map((s) => s.definition).filter((d) => d.filters.some((f) => f.kind === 'option' && f.source === 'customers'));
    expect(lists.map((d) => d.id).sort()).toEqual(['merchants', 'payments', 'reconWxAli', 'reconciliation', 'settleWxAli', 'settles', 'stores', 'transactions']);
    for (const list of lists) expect({ list: list.id, narrows: narrowedBy(list, 'customer')[0] }).toEqual({ list: list.id, narrows: 'merchant' });
  });

  it("tell a link that pairs a merchant with another customer's, or a store with another merchant's, and no other", () => {
    const values = (chosen: Record<string, string>) => ({ page: 1, size: 10, sort: 'gmt_payment', dir: 'desc' as const, ...chosen });
    expect(choosesNarrowedPair(transactionsList, values({ merchant: 'M1' }))).toBe(false);
    expect(choosesNarrowedPair(transactionsList, values({ customer: 'C0003', store: 'S1' }))).toBe(true);
    expect(narrowingIssues(transactionsList, values({ customer: 'C0003', merchant: 'M1' }), options)).toEqual([
      { field: 'merchant', message: 'list.notWithin', params: { choice: 'Seafood (M1)', within: 'Lantau (C0003)' } },
    ]);
    // A store skips the unchosen merchant: the customer narrows it.
    expect(narrowingIssues(transactionsList, values({ customer: 'C0003', store: 'S1' }), options)).toEqual([
      { field: 'store', message: 'list.notWithin', params: { choice: 'S1', within: 'Lantau (C0003)' } },
    ]);
    expect(narrowingIssues(transactionsList, values({ customer: 'C0001', merchant: 'M1', store: 'S1', terminal: 'T1' }), options)).toEqual([]);
    // A value the options do not know is the services' to answer (its choices may be a page of them).
    expect(narrowingIssues(transactionsList, values({ customer: 'C0003', store: 'S9' }), options)).toEqual([]);
  });
});
