import { randomUUID } from 'node:crypto';
import { FIRST_CHOICES, searchChoices, type ChoiceQuery } from '@/lib/choices/load';
import { choiceScope } from '@/lib/choices/scope';
import { merchantIdsOf } from '@/lib/merchants/ids';
import type { OptionSource } from '@/lib/list-kit/definition';
import { narrowingIssues } from '@/lib/list-kit/narrow';
import { loadOptions } from '@/lib/list-kit/options';
import { listSource } from '@/lib/lists/sources';
import { sealSession, type SessionData } from '@/lib/session/session';
import { SEED_PROFILES } from '@/upstream/seed/scale';
import { DATABASES, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { signedIn } from './gateway-session';
import { portalEnv } from './setup-env';

/**
 * The choices of customer, merchant, store and terminal at the large profile (issue 29: a chain
 * customer of 1 000 stores and 5 000 terminals, a partner of 200 customers): searched on the
 * services a page at a time as the user types, scoped by customer, merchant and partner exactly as
 * before (lib/choices/scope.ts), and a partner's session still fits a browser's cookie. Every
 * expected set comes from SQL.
 */

type User = Awaited<ReturnType<typeof signedIn>>;

describe.each(DATABASES)('choices at the large profile on %s', (database) => {
  let upstream: TestUpstream;
  let partner: User;
  let admin: User;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);

  /** A page of choices; a failed search fails the test. */
  const search = async (user: User, source: OptionSource, query: ChoiceQuery, locale = 'en') => {
    const found = await searchChoices(user.session, source, query, locale);
    if (!found.ok) throw new Error(`search of ${source} failed: ${JSON.stringify(found.error)}`);
    return found.data;
  };
  const values = (page: { options: { value: string }[] }) => page.options.map((o) => o.value);
  const ids = async (session: SessionData) => {
    const merchants = await merchantIdsOf(session);
    if (!merchants.ok) throw new Error('no merchant ids');
    return merchants.data;
  };

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 500, undefined, SEED_PROFILES.large);
    portalEnv(upstream.url);
    partner = await signedIn('partner@demo.test');
    admin = await signedIn('admin');
  }, 120_000);
  afterAll(() => upstream.stop());

  it("keeps a partner of 200 customers signed in: the session fits a browser's cookie, its merchant ids beside it", async () => {
    const [{ customers }] = (await q<{ customers: number }>("SELECT count(*)::int AS customers FROM customers WHERE partner_no = 'P0001'")) as [{ customers: number }];
    expect(customers).toBe(200);
    // Browsers keep at most 4 096 bytes of a cookie, its name and attributes included.
    expect((await sealSession(partner.session)).length).toBeLessThan(3_000);
    const expected = await q<{ merchant_no: string }>(
      "SELECT m.merchant_no FROM merchants m JOIN customers c USING (customer_no) WHERE c.partner_no = 'P0001' ORDER BY 1",
    );
    expect((await ids(partner.session)).sort()).toEqual(expected.map((m) => m.merchant_no));
  });

  it("offers a chain's stores a page at a time, and finds any of its 1 000 by number or by name as typed", async () => {
    const all = await q<{ store_code: string }>("SELECT s.store_code FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0001' ORDER BY 1");
    expect(all.length).toBeGreaterThanOrEqual(1000);
    const first = await search(admin, 'stores', {});
    expect({ stores: values(first), more: first.more }).toEqual({ stores: all.slice(0, FIRST_CHOICES).map((s) => s.store_code), more: true });
    const last = all.at(-1)?.store_code as string;
    expect(values(await search(admin, 'stores', { q: last }))).toEqual([last]);
    // Part of a name in any language, its LIKE characters taken literally.
    const named = await q<{ store_code: string }>(
      "SELECT s.store_code FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0001' AND (s.store_name ILIKE '%Sha Tin 12%' OR s.store_cname ILIKE '%Sha Tin 12%') ORDER BY 1",
    );
    expect(named.length).toBeGreaterThan(1);
    expect(values(await search(admin, 'stores', { q: 'Sha Tin 12' }))).toEqual(named.slice(0, FIRST_CHOICES).map((s) => s.store_code));
    expect(values(await search(admin, 'stores', { q: '%' }))).toEqual([]);
    const [terminal] = await q<{ terminal_no: string; store_code: string; merchant_no: string }>(
      "SELECT t.terminal_no, t.store_code, t.merchant_no FROM terminals t JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0001' ORDER BY 1 DESC LIMIT 1",
    );
    const found = await search(admin, 'terminals', { q: terminal?.terminal_no });
    expect(found.options).toEqual([{ value: terminal?.terminal_no, label: terminal?.terminal_no, within: { customers: 'C0001', merchants: terminal?.merchant_no, stores: terminal?.store_code } }]);
  });

  it("narrows a partner's choices to the customer, merchant and store chosen above, exactly as SQL does", async () => {
    const [merchant] = await q<{ merchant_no: string; customer_no: string }>("SELECT merchant_no, customer_no FROM merchants WHERE customer_no = 'C1150'");
    if (!merchant) throw new Error('no added customer');
    const scope = (asked: { customer?: string; merchant?: string; store?: string }, merchantIds: string[]) => {
      const result = choiceScope({ rank: partner.session.rank, merchantIds }, asked);
      if (!result.ok) throw new Error(`refused ${result.field}`);
      return result.scope;
    };
    const mine = await ids(partner.session);
    expect(values(await search(partner, 'merchants', { scope: scope({ customer: 'C1150' }, mine) }))).toEqual([merchant.merchant_no]);
    const stores = await q<{ store_code: string }>('SELECT store_code FROM stores WHERE merchant_no = $1 ORDER BY 1', [merchant.merchant_no]);
    expect(values(await search(partner, 'stores', { scope: scope({ customer: 'C1150', merchant: merchant.merchant_no }, mine) }))).toEqual(stores.map((s) => s.store_code));
    const terminals = await q<{ terminal_no: string }>('SELECT terminal_no FROM terminals WHERE store_code = $1 ORDER BY 1', [stores[0]?.store_code]);
    expect(values(await search(partner, 'terminals', { scope: scope({ store: stores[0]?.store_code }, mine) }))).toEqual(terminals.map((t) => t.terminal_no));
    // The partner's customers, 200 of them, a page at a time; C0002 is not the partner's.
    const customers = await search(partner, 'customers', {});
    expect({ count: customers.options.length, more: customers.more }).toEqual({ count: FIRST_CHOICES, more: true });
    expect(values(await search(partner, 'customers', { q: 'C0002' }))).toEqual([]);
    expect(values(await search(partner, 'stores', { scope: { customer_no: 'C0002' } }))).toEqual([]);
    // A customer user never reaches another customer's stores, whatever it asks.
    const [foreign] = await q<{ store_code: string }>("SELECT s.store_code FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C1150'");
    expect(values(await search(admin, 'stores', { q: foreign?.store_code }))).toEqual([]);
    expect(values(await search(admin, 'stores', { values: [foreign?.store_code as string] }))).toEqual([]);
  });

  it('answers the browser through /api/choices: scoped by the session, refusing what it does not hold', async () => {
    const [merchant] = await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C1003'");
    const answer = await partner.browser.call<{ ok: boolean; data: { options: { value: string }[]; more: boolean } }>('GET', `/api/choices/merchants?customer=C1003`);
    expect({ status: answer.status, merchants: answer.body.data.options.map((o) => o.value) }).toEqual({ status: 200, merchants: [merchant?.merchant_no] });
    // A link's choice named by its value (the switcher's customer beyond the first page): the partner's only.
    const named = await partner.browser.call<{ data: { options: { value: string; label: string }[] } }>('GET', '/api/choices/customers?value=C1187');
    expect(named.body.data.options).toEqual([{ value: 'C1187', label: 'Harbour Partner Customer 1187 Limited (C1187)', within: {} }]);
    expect((await partner.browser.call<{ data: { options: unknown[] } }>('GET', '/api/choices/customers?value=C0002')).body.data.options).toEqual([]);
    const [otherCustomers] = await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0002' LIMIT 1");
    expect((await partner.browser.call('GET', `/api/choices/stores?merchant=${otherCustomers?.merchant_no}`)).status).toBe(403);
    expect((await admin.browser.call('GET', '/api/choices/customers')).status).toBe(403);
    expect((await admin.browser.call('GET', '/api/choices/banks')).status).toBe(404);
    expect((await admin.browser.call('GET', `/api/choices/stores?q=${'x'.repeat(61)}`)).status).toBe(400);
    expect((await admin.browser.call('GET', '/api/choices/stores?userid=9')).status).toBe(400);
    expect((await admin.browser.call('GET', '/api/choices/stores', undefined, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it("tells a link that pairs a customer with another customer's merchant, on the page's rule and in the export route", async () => {
    const definition = listSource('transactions')?.definition;
    if (!definition) throw new Error('no transactions list');
    const [theirs] = await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY 1 LIMIT 1");
    const values_ = { page: 1, size: 10, sort: 'gmt_payment', dir: 'desc' as const, customer: 'C0003', merchant: theirs?.merchant_no };
    expect(narrowingIssues(definition, values_, await loadOptions(partner.session, definition, 'en', values_))).toEqual([
      { field: 'merchant', message: 'list.notWithin', params: { choice: `Golden Harbour Seafood Restaurant (${theirs?.merchant_no})`, within: 'Lantau Retail Group Limited (C0003)' } },
    ]);
    const refused = await partner.browser.call('GET', `/api/export/transactions?format=csv&id=${randomUUID()}&customer=C0003&merchant=${theirs?.merchant_no}`);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { ok: false, error: { code: 'INVALID_INPUT', message: `Golden Harbour Seafood Restaurant (${theirs?.merchant_no}) does not belong to Lantau Retail Group Limited (C0003).` } },
    });
    const [mine] = await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0003' ORDER BY 1 LIMIT 1");
    expect((await partner.browser.call('GET', `/api/export/transactions?format=csv&id=${randomUUID()}&customer=C0003&merchant=${mine?.merchant_no}`)).status).toBe(200);
  });

  it("names the choices in the reader's language: Traditional for zhTW, Simplified for zhCN", async () => {
    const stores = await q<{ store_code: string; store_cname: string; store_cname_hans: string }>(
      "SELECT s.store_code, s.store_cname, s.store_cname_hans FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0003' ORDER BY 1",
    );
    const scope = { customer_no: 'C0003' };
    expect((await search(partner, 'stores', { scope }, 'zh-Hant-TW')).options.map((s) => s.label)).toEqual(stores.map((s) => `${s.store_cname} (${s.store_code})`));
    expect((await search(partner, 'stores', { scope }, 'zh-Hans-CN')).options.map((s) => s.label)).toEqual(stores.map((s) => `${s.store_cname_hans} (${s.store_code})`));
    const [customer] = await q<{ customer_cname_hans: string }>("SELECT customer_cname_hans FROM customers WHERE customer_no = 'C1042'");
    expect((await search(partner, 'customers', { q: 'C1042' }, 'zh-Hans-CN')).options.map((c) => c.label)).toEqual([`${customer?.customer_cname_hans} (C1042)`]);
  });
});
