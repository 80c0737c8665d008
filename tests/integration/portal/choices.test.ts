import { randomUUID } from 'node:crypto';
import { customerChoices, merchantChoices, storeChoices, terminalChoices } from '@/lib/choices/load';
import { choiceScope, type AskedScope, type ChoiceScope } from '@/lib/choices/scope';
import { narrowingIssues } from '@/lib/list-kit/narrow';
import { loadOptions } from '@/lib/list-kit/options';
import { listSource } from '@/lib/lists/sources';
import type { SessionData } from '@/lib/session/session';
import { DATABASES, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { signedIn } from './gateway-session';
import { portalEnv } from './setup-env';

/**
 * The scoping rule of the choices of customer, merchant, store and terminal (lib/choices), on the
 * server against the reference services: what a request asks is checked against the session, and
 * the choices are narrowed by the services' own calls, so the same rule serves today's filters and
 * a search as the user types (issue 29). Every expected set comes from SQL.
 */

type User = Awaited<ReturnType<typeof signedIn>>;

describe.each(DATABASES)('choices scoped on the server on %s', (database) => {
  let upstream: TestUpstream;
  let partner: User;
  let admin: User;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);


  /** The scope the rule allows; a refusal fails the test. */
  const allowed = (session: SessionData, asked: AskedScope): ChoiceScope => {
    const result = choiceScope(session, asked);
    if (!result.ok) throw new Error(`refused ${result.field}`);
    return result.scope;
  };

  const merchantsOf = (customer: string) => q<{ merchant_no: string }>('SELECT merchant_no FROM merchants WHERE customer_no = $1 ORDER BY merchant_no', [customer]);
  const storesOf = (customer: string) =>
    q<{ store_code: string; merchant_no: string }>('SELECT s.store_code, s.merchant_no FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = $1 ORDER BY s.store_code', [customer]);

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 500);
    portalEnv(upstream.url);
    partner = await signedIn('partner@demo.test');
    admin = await signedIn('admin');
  });
  afterAll(() => upstream.stop());

  it("narrows a partner's merchants, stores and terminals to the customer it chose, through the services' calls", async () => {
    const customers = (await customerChoices(partner.session, 'en')).map((c) => c.value);
    expect(customers).toEqual((await q<{ customer_no: string }>("SELECT customer_no FROM customers WHERE partner_no = 'P0001' ORDER BY customer_no")).map((c) => c.customer_no));
    expect(customers.length).toBeGreaterThan(1);
    for (const customer of customers) {
      const scope = allowed(partner.session, { customer });
      const merchants = await merchantChoices(partner.session, scope, 'en');
      expect({ customer, merchants: merchants.map((m) => [m.value, m.parent]) }).toEqual({ customer, merchants: (await merchantsOf(customer)).map((m) => [m.merchant_no, customer]) });
      const stores = await storeChoices(partner.session, scope, 'en');
      expect({ customer, stores: stores.map((s) => [s.value, s.parent]) }).toEqual({ customer, stores: (await storesOf(customer)).map((s) => [s.store_code, s.merchant_no]) });
      const terminals = await terminalChoices(partner.session, scope);
      const expected = await q<{ terminal_no: string }>('SELECT t.terminal_no FROM terminals t JOIN merchants m USING (merchant_no) WHERE m.customer_no = $1 ORDER BY t.store_code, t.terminal_no', [customer]);
      expect({ customer, terminals: terminals.map((t) => t.value) }).toEqual({ customer, terminals: expected.map((t) => t.terminal_no) });
    }
  });

  it('narrows the stores to a merchant of the customer, and to nothing for a merchant of another customer', async () => {
    const [mine] = await merchantsOf('C0003');
    const [theirs] = await merchantsOf('C0001');
    if (!mine || !theirs) throw new Error('no merchants');
    const stores = await storeChoices(partner.session, allowed(partner.session, { customer: 'C0003', merchant: mine.merchant_no }), 'en');
    expect(stores.map((s) => s.value)).toEqual((await storesOf('C0003')).filter((s) => s.merchant_no === mine.merchant_no).map((s) => s.store_code));
    expect(await storeChoices(partner.session, allowed(partner.session, { customer: 'C0003', merchant: theirs.merchant_no }), 'en')).toEqual([]);
    expect(await merchantChoices(partner.session, allowed(partner.session, { customer: 'C0003', merchant: theirs.merchant_no }), 'en')).toEqual([]);
  });

  it("answers nothing of a customer that is not the partner's, and refuses what the session does not hold", async () => {
    // C0002 has no partner: the rule lets a partner ask for a customer, the services answer none of another's.
    const foreign = allowed(partner.session, { customer: 'C0002' });
    expect(await merchantChoices(partner.session, foreign, 'en')).toEqual([]);
    expect(await storeChoices(partner.session, foreign, 'en')).toEqual([]);
    // A customer user has its own customer only, and a merchant outside the session is refused, whatever the request says.
    expect(choiceScope(admin.session, { customer: 'C0001' })).toEqual({ ok: false, field: 'customer' });
    const [other] = await merchantsOf('C0002');
    expect(choiceScope(admin.session, { merchant: other?.merchant_no })).toEqual({ ok: false, field: 'merchant' });
    expect(choiceScope(partner.session, { merchant: other?.merchant_no })).toEqual({ ok: false, field: 'merchant' });
    // Even past the rule, the services give a customer user nothing of another customer.
    expect(await merchantChoices(admin.session, { customer_no: 'C0003' }, 'en')).toEqual([]);
    expect(await storeChoices(admin.session, { merchant_no: other?.merchant_no }, 'en')).toEqual([]);
  });

  it("tells a link that pairs a customer with another customer's merchant, on the page's rule and in the export route", async () => {
    const definition = listSource('transactions')?.definition;
    if (!definition) throw new Error('no transactions list');
    const [theirs] = await merchantsOf('C0001');
    const options = await loadOptions(partner.session, definition, 'en');
    const values = { page: 1, size: 10, sort: 'gmt_payment', dir: 'desc' as const, customer: 'C0003', merchant: theirs?.merchant_no };
    expect(narrowingIssues(definition, values, options)).toEqual([
      { field: 'merchant', message: 'list.notWithin', params: { choice: `Golden Harbour Seafood Restaurant (${theirs?.merchant_no})`, within: 'Lantau Retail Group Limited (C0003)' } },
    ]);
    const refused = await partner.browser.call('GET', `/api/export/transactions?format=csv&id=${randomUUID()}&customer=C0003&merchant=${theirs?.merchant_no}`);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { ok: false, error: { code: 'INVALID_INPUT', message: `Golden Harbour Seafood Restaurant (${theirs?.merchant_no}) does not belong to Lantau Retail Group Limited (C0003).` } },
    });
    const [mine] = await merchantsOf('C0003');
    const fitting = await partner.browser.call('GET', `/api/export/transactions?format=csv&id=${randomUUID()}&customer=C0003&merchant=${mine?.merchant_no}`);
    expect(fitting.status).toBe(200);
  });

  it('names the choices in the reader\'s language: Traditional for zhTW, Simplified for zhCN', async () => {
    const names = await q<{ customer_no: string; customer_cname: string; customer_cname_hans: string }>("SELECT customer_no, customer_cname, customer_cname_hans FROM customers WHERE partner_no = 'P0001' ORDER BY customer_no");
    expect((await customerChoices(partner.session, 'zh-Hant-TW')).map((c) => c.label)).toEqual(names.map((c) => `${c.customer_cname} (${c.customer_no})`));
    expect((await customerChoices(partner.session, 'zh-Hans-CN')).map((c) => c.label)).toEqual(names.map((c) => `${c.customer_cname_hans} (${c.customer_no})`));
    const stores = await q<{ store_code: string; store_cname_hans: string }>(
      "SELECT s.store_code, s.store_cname_hans FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0003' ORDER BY s.store_code",
    );
    expect((await storeChoices(partner.session, { customer_no: 'C0003' }, 'zh-Hans-CN')).map((s) => s.label)).toEqual(stores.map((s) => `${s.store_cname_hans} (${s.store_code})`));
  });
});
