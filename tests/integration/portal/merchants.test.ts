import { randomUUID } from 'node:crypto';
import { maskTail } from '@/lib/data-table/columns';
import { today } from '@/lib/format/date';
import { searchChoices } from '@/lib/choices/load';
import { callUpstream } from '@/lib/gateway/client';
import { loadOptions } from '@/lib/list-kit/options';
import { listSource } from '@/lib/lists/sources';
import { brExpiryState } from '@/lib/merchants/br-expiry';
import { DATABASES, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { portalEnv } from './setup-env';
import { NOT_FOUND, ok, refusal, signedIn } from './gateway-session';
import { MERCHANT_CALLS } from '@/lib/merchants/calls';

/**
 * Merchant information, payment service and store information as the portal asks for them
 * (callUpstream with a real session, and the screens' exports through the route handler) against
 * the reference services. Every expected figure is computed here by SQL.
 */

type User = Awaited<ReturnType<typeof signedIn>>;

describe.each(DATABASES)('merchant management through the gateway on %s', (database) => {
  let upstream: TestUpstream;
  let admin: User;
  let partner: User;
  let other: User;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);


  /** The customers a user sees: its own, or a partner's customers. */
  const customersOf = async (account: string) =>
    (
      await q<{ customer_no: string }>(
        `SELECT c.customer_no FROM customers c JOIN users u ON u.account = $1
          WHERE (u.type = 'PARTNER' AND c.partner_no = u.type_no) OR (u.type <> 'PARTNER' AND c.customer_no = u.type_no) ORDER BY c.customer_no`,
        [account],
      )
    ).map((r) => r.customer_no);

  /** Each merchant of the customers with its counts and bank account, in merchant order. */
  const expectedMerchants = (customers: string[]) =>
    q<{ merchant_no: string; paymentTypeNumber: number; sidNumber: number; tidNumber: number; account_no: string; swiftcode: string; brExpiryDate: string; business_cname: string }>(
      `SELECT m.merchant_no, m.business_cname, to_char(m.br_expiry_date, 'YYYY-MM-DD') AS "brExpiryDate", b.account_no, b.swiftcode,
              (SELECT count(*) FROM payment_services p WHERE p.merchant_no = m.merchant_no AND p.status = 'Y')::int AS "paymentTypeNumber",
              (SELECT count(*) FROM stores s WHERE s.merchant_no = m.merchant_no)::int AS "sidNumber",
              (SELECT count(*) FROM terminals t WHERE t.merchant_no = m.merchant_no)::int AS "tidNumber"
         FROM merchants m JOIN bank_accounts b ON b.merchant_no = m.merchant_no WHERE m.customer_no = ANY($1) ORDER BY m.merchant_no`,
      [customers],
    );

  const sum = (rows: Record<string, unknown>[], field: string) => String(rows.reduce((total, row) => total + Number(row[field]), 0));

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 500);
    portalEnv(upstream.url);
    admin = await signedIn('admin');
    partner = await signedIn('partner@demo.test');
    other = await signedIn('other@demo.test');
  });
  afterAll(() => upstream.stop());

  describe('merchant information', () => {
    it("lists the customer's merchants with their counts, registration expiry and masked bank account, and the view's totals", async () => {
      const expected = await expectedMerchants(['C0001']);
      const answer = await ok('merchantInfo', { limit: 100 }, admin.session);
      expect(answer.total).toBe(expected.length);
      expect(answer.data.map((m) => ({ merchant_no: m.merchant_no, paymentTypeNumber: m.paymentTypeNumber, sidNumber: m.sidNumber, tidNumber: m.tidNumber, brExpiryDate: m.brExpiryDate, swiftcode: m.swiftcode, account_no: m.account_no }))).toEqual(
        expected.map(({ business_cname: _name, ...m }) => ({ ...m, account_no: maskTail(m.account_no) })),
      );
      // The full account number never leaves the gateway, only its last 4 characters.
      for (const [i, merchant] of answer.data.entries()) expect(merchant.account_no).not.toContain((expected[i]?.account_no ?? '').slice(0, 8));
      expect({ midNumber: answer.midNumber, paymentTypeNumber: answer.paymentTypeNumber, sidNumber: answer.sidNumber, tidNumber: answer.tidNumber }).toEqual({
        midNumber: String(expected.length),
        paymentTypeNumber: sum(expected, 'paymentTypeNumber'),
        sidNumber: sum(expected, 'sidNumber'),
        tidNumber: sum(expected, 'tidNumber'),
      });
    });

    it('has demo merchants whose business registration is valid, expires within 30 days, and has expired', async () => {
      const answer = await ok('merchantInfo', { limit: 100 }, admin.session);
      const states = answer.data.map((m) => brExpiryState(m.brExpiryDate, today()));
      expect(new Set(states)).toEqual(new Set(['valid', 'expiring', 'expired']));
    });

    it('filters by merchant and status, sorts by business name, and pages', async () => {
      const [merchant] = await expectedMerchants(['C0001']);
      const one = await ok('merchantInfo', { merchant_no: merchant?.merchant_no }, admin.session);
      expect(one.data.map((m) => m.merchant_no)).toEqual([merchant?.merchant_no]);
      expect(one.sidNumber).toBe(String(merchant?.sidNumber));
      expect((await ok('merchantInfo', { status: 'Inactive' }, admin.session)).total).toBe(0);
      const names = await q<{ merchant_no: string }>(`SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY business_name DESC, merchant_no`);
      const page2 = await ok('merchantInfo', { sort: 'business_name', order: 'desc', limit: 2, page: 2 }, admin.session);
      expect(page2.data.map((m) => m.merchant_no)).toEqual(names.slice(2, 4).map((m) => m.merchant_no));
    });

    it("gives the customer card: the customer's names and store count", async () => {
      const [expected] = await q<Record<string, unknown>>(
        `SELECT c.customer_no, c.customer_name, c.customer_cname, count(s.store_code)::int AS store_count
           FROM customers c JOIN merchants m ON m.customer_no = c.customer_no LEFT JOIN stores s ON s.merchant_no = m.merchant_no
          WHERE c.customer_no = 'C0001' GROUP BY c.customer_no`,
      );
      expect(await ok('customerInfo', {}, admin.session)).toEqual([expect.objectContaining(expected)]);
    });

    it("gives a merchant's contacts, and refuses a merchant of another customer as not found", async () => {
      const [merchant] = await expectedMerchants(['C0001']);
      const contacts = await q<Record<string, unknown>>('SELECT id, name, mobile_no, email FROM contacts WHERE merchant_no = $1 ORDER BY id', [merchant?.merchant_no]);
      expect(contacts.length).toBeGreaterThan(0);
      expect((await ok('merchantContacts', { merchant_no: merchant?.merchant_no as string }, admin.session)).data).toEqual(contacts);
      const [foreign] = await expectedMerchants(['C0002']);
      expect(await refusal('merchantContacts', { merchant_no: foreign?.merchant_no as string }, admin.session)).toMatchObject(NOT_FOUND);
    });
  });

  describe('the partner', () => {
    it("gets its partner card and, through the _20230314 variants, the merchants, contacts, services and stores of its customers", async () => {
      const customers = await customersOf('partner@demo.test');
      expect(customers.length).toBeGreaterThan(1);
      const expected = await expectedMerchants(customers);
      const [card] = await q<{ name: string; cname: string; partner_no: string }>(`SELECT p.name, p.cname, p.partner_no FROM partners p JOIN users u ON u.type_no = p.partner_no WHERE u.account = 'partner@demo.test'`);
      expect(await ok('partnerList', {}, partner.session)).toEqual([expect.objectContaining({ ...card, midNumber: expected.length })]);

      const info = await ok('merchantInfo', { limit: 100 }, partner.session);
      expect(info.data.map((m) => m.merchant_no)).toEqual(expected.map((m) => m.merchant_no));
      expect(info.tidNumber).toBe(sum(expected, 'tidNumber'));
      expect(new Set(info.data.map((m) => [m.partnerId, m.partnerName, m.partnerCName].join()))).toEqual(new Set([[card?.partner_no, card?.name, card?.cname].join()]));
      const narrowed = await ok('merchantInfo', { limit: 100, customer_no: customers[1] }, partner.session);
      expect(narrowed.data.map((m) => m.merchant_no)).toEqual((await expectedMerchants([customers[1] as string])).map((m) => m.merchant_no));
      const last = expected.at(-1)?.merchant_no as string;
      expect((await ok('merchantContacts', { merchant_no: last }, partner.session)).data.length).toBeGreaterThan(0);

      const [services] = await q<{ total: number }>('SELECT count(*)::int AS total FROM payment_services p JOIN merchants m USING (merchant_no) WHERE m.customer_no = ANY($1)', [customers]);
      expect((await ok('paymentServices', {}, partner.session)).total).toBe(services?.total);
      const [stores] = await q<{ total: number }>('SELECT count(*)::int AS total FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = ANY($1)', [customers]);
      expect((await ok('storeTerminals', {}, partner.session)).total).toBe(stores?.total);

      // The plain calls refuse a partner's token: the gateway chose the variants.
      for (const path of ['/hk/api/MerchantInfo/GetMerchantInfo', '/hk/api/MerchantInfo/GetPaymentService', '/hk/api/MerchantInfo/GetStoreTerminal']) {
        const plain = await upstream.client.call<{ error: { code: string } }>('GET', path, {}, { token: partner.session.token });
        expect({ path, status: plain.status, code: plain.body.error?.code }).toEqual({ path, status: 403, code: 'WRONG_VARIANT' });
      }
    });
  });

  describe('payment services', () => {
    it('lists every service of the customer with its status, activation date, fees as exact decimal text, and the enabled and closed counts', async () => {
      const expected = await q<Record<string, unknown>>(
        `SELECT p.merchant_no, p.payment_type, p.status, to_char(p.activation_date, 'YYYY-MM-DD') AS activation_date,
                p.fee_cn::text, p.fee_hk::text, p.fee_hk_master::text, p.fee_hk_visa::text, p.fee_overseas_visa::text, p.fee_overseas_master::text,
                p.primary_email, p.primary_contact, p.payee, p.account_no, p.swift_code,
                -- The bank by its SWIFT code, named as on every screen (not the service's own "HSBC").
                k.eng_name AS bank_name, k.ch_name AS bank_cname, k.ch_name_hans AS bank_cname_hans
           FROM payment_services p JOIN merchants m USING (merchant_no) JOIN banks k ON k.bic8 = left(p.swift_code, 8)
          WHERE m.customer_no = 'C0001' ORDER BY p.merchant_no, p.payment_type`,
      );
      const answer = await ok('paymentServices', { limit: 100 }, admin.session);
      expect(answer.total).toBe(expected.length);
      const names = { business_name: undefined, business_cname: undefined, business_cname_hans: undefined, customer_no: undefined };
      expect(answer.data.map((s) => ({ ...s, ...names }))).toEqual(expected.map((s) => ({ ...s, account_no: maskTail(String(s.account_no)), ...names })));
      const closed = expected.filter((s) => s.status === 'N').length;
      expect(closed).toBeGreaterThan(0);
      expect({ enabled: answer.enabledCount, closed: answer.closedCount }).toEqual({ enabled: expected.length - closed, closed });
    });

    it('filters by merchant, payment type and status, and sorts by activation date', async () => {
      const rows = await q<{ merchant_no: string; payment_type: string }>(
        `SELECT p.merchant_no, p.payment_type FROM payment_services p JOIN merchants m USING (merchant_no)
          WHERE m.customer_no = 'C0001' AND p.status = 'N' ORDER BY p.merchant_no, p.payment_type`,
      );
      const closed = await ok('paymentServices', { status: 'N', limit: 100 }, admin.session);
      expect(closed.data.map((s) => [s.merchant_no, s.payment_type])).toEqual(rows.map((s) => [s.merchant_no, s.payment_type]));
      const first = rows[0] as { merchant_no: string; payment_type: 'AMEX' };
      const one = await ok('paymentServices', { merchant_no: first.merchant_no, payment_type: first.payment_type }, admin.session);
      expect(one.data.map((s) => [s.merchant_no, s.payment_type, s.status])).toEqual([[first.merchant_no, first.payment_type, 'N']]);
      const dates = await q<{ activation_date: string }>(
        `SELECT to_char(p.activation_date, 'YYYY-MM-DD') AS activation_date FROM payment_services p JOIN merchants m USING (merchant_no)
          WHERE m.customer_no = 'C0001' ORDER BY p.activation_date DESC, p.merchant_no DESC, p.payment_type DESC LIMIT 10`,
      );
      expect((await ok('paymentServices', { sort: 'activation_date', order: 'desc' }, admin.session)).data.map((s) => s.activation_date)).toEqual(dates.map((d) => d.activation_date));
    });
  });

  describe('stores', () => {
    it('lists the stores with their terminals, status and activation date, filtered by status and merchant, sorted by activation date', async () => {
      const expected = await q<{ store_code: string; status: string; activationDate: string; terminals: string }>(
        `SELECT s.store_code, s.status, coalesce(to_char(s.activation_date, 'YYYY-MM-DD'), '') AS "activationDate",
                coalesce(string_agg(t.terminal_no, ',' ORDER BY t.terminal_no), '') AS terminals
           FROM stores s JOIN merchants m ON m.merchant_no = s.merchant_no LEFT JOIN terminals t ON t.store_code = s.store_code
          WHERE m.customer_no = 'C0001' GROUP BY s.store_code ORDER BY s.activation_date DESC NULLS LAST, s.store_code DESC`,
      );
      expect(new Set(expected.map((s) => s.status))).toEqual(new Set(['Active', 'Inactive', 'Applying']));
      const answer = await ok('storeTerminals', { sort: 'activation_date', order: 'desc', limit: 100 }, admin.session);
      const shown = answer.data.map((s) => ({ store_code: s.store_code, status: s.status, activationDate: s.activationDate, terminals: s.terminals.join(',') }));
      expect(shown).toEqual(expected);
      for (const status of ['Active', 'Inactive', 'Applying'] as const) {
        const only = await ok('storeTerminals', { status, limit: 100 }, admin.session);
        expect({ status, stores: only.data.map((s) => s.store_code) }).toEqual({ status, stores: expected.filter((s) => s.status === status).map((s) => s.store_code).sort() });
      }
      const [merchant] = await expectedMerchants(['C0001']);
      expect((await ok('storeTerminals', { merchant_no: merchant?.merchant_no }, admin.session)).total).toBe(merchant?.sidNumber);
    });

    it("offers a list's merchants by name and number in the user's language, for every role, each with its customer", async () => {
      const merchants = await q<{ merchant_no: string; business_name: string; business_cname: string; business_cname_hans: string; customer_no: string }>(
        `SELECT m.merchant_no, m.business_name, m.business_cname, m.business_cname_hans, m.customer_no FROM merchants m WHERE m.customer_no = 'C0001' ORDER BY m.merchant_no`,
      );
      const definition = listSource('transactions')?.definition;
      if (!definition) throw new Error('no transactions list');
      // The maker may not read stores: its merchants were numbers alone before the merchant list carried their names.
      const maker = await signedIn('maker@demo.test');
      for (const user of [admin, maker]) {
        for (const [locale, name] of [['en', 'business_name'], ['zhTW', 'business_cname'], ['zhCN', 'business_cname_hans'], ['zh-Hans-CN', 'business_cname_hans']] as const) {
          const offered = merchants.map((m) => ({ value: m.merchant_no, label: `${m[name]} (${m.merchant_no})`, within: { customers: m.customer_no } }));
          const searched = await searchChoices(user.session, 'merchants', {}, locale);
          expect(searched.ok && searched.data.options).toEqual(offered);
          // A link's chosen merchant comes named with the page.
          const chosen = await loadOptions(user.session, definition, locale, { merchant: merchants[1]?.merchant_no });
          expect(chosen.merchants).toEqual([offered[1]]);
        }
      }
      expect(new Set(merchants.map((m) => m.business_cname_hans)).size).toBe(merchants.length);
    });

    it('refuses a second identical store-terminal call while the first is in flight (spec section 4), not a different one', async () => {
      const input = { status: 'Active' as const, limit: 50 };
      const [first, second, different] = await Promise.all([
        callUpstream(MERCHANT_CALLS.storeTerminals, input, admin.session),
        callUpstream(MERCHANT_CALLS.storeTerminals, input, admin.session),
        callUpstream(MERCHANT_CALLS.storeTerminals, { ...input, status: 'Applying' }, admin.session),
      ]);
      expect([first.ok, second.ok, different.ok]).toEqual([true, false, true]);
      expect(second).toMatchObject({ error: { code: 'DUPLICATE_REQUEST' } });
      expect((await callUpstream(MERCHANT_CALLS.storeTerminals, input, admin.session)).ok).toBe(true);
    });
  });

  it("gives other@demo.test none of the first customer's merchants, services, stores or contacts, whatever it sends", async () => {
    const theirs = await expectedMerchants(['C0001']);
    const [store] = await q<{ store_code: string }>(`SELECT s.store_code FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0001' LIMIT 1`);
    for (const input of [{ merchant_no: theirs[0]?.merchant_no }, { customer_no: 'C0001' }]) {
      expect((await ok('merchantInfo', input, other.session)).total).toBe(0);
      expect((await ok('paymentServices', input, other.session)).total).toBe(0);
      expect((await ok('storeTerminals', input, other.session)).total).toBe(0);
    }
    expect((await ok('storeTerminals', { store_code: store?.store_code }, other.session)).total).toBe(0);
    expect(await ok('customerInfo', { customer_no: 'C0001' }, other.session)).toEqual([]);
    for (const merchant of theirs) expect(await refusal('merchantContacts', { merchant_no: merchant.merchant_no }, other.session)).toMatchObject(NOT_FOUND);
    // Its own data is there, and none of the first customer's is in it.
    const own = await ok('merchantInfo', { limit: 100 }, other.session);
    expect(own.data.map((m) => m.merchant_no)).toEqual((await expectedMerchants(['C0002'])).map((m) => m.merchant_no));
    expect((await ok('customerInfo', {}, other.session)).map((c) => c.customer_no)).toEqual(['C0002']);
  });

  describe('the exports', () => {
    const exportOf = async (user: User, list: string, search = '') => {
      const answer = await user.browser.call('GET', `/api/export/${list}?format=csv&id=${randomUUID()}${search}`);
      expect({ list, status: answer.status }).toEqual({ list, status: 200 });
      return answer.text;
    };

    it('write every row of the view in the language of the user: Chinese names and streets, fees as percentages, accounts masked', async () => {
      const zh = await signedIn('admin', 'zh-TW');
      const merchants = await expectedMerchants(['C0001']);
      const merchantFile = await exportOf(zh, 'merchants');
      for (const merchant of merchants) expect(merchantFile).toContain(merchant.business_cname);
      expect(merchantFile).toContain('商戶編號');
      // Simplified Chinese reads Simplified names and streets, never the Traditional ones.
      const hans = await signedIn('admin', 'zh-CN');
      const simplified = await q<{ business_cname: string; business_cname_hans: string }>(`SELECT business_cname, business_cname_hans FROM merchants WHERE customer_no = 'C0001'`);
      const hansFile = await exportOf(hans, 'merchants');
      for (const merchant of simplified) {
        expect(hansFile).toContain(merchant.business_cname_hans);
        if (merchant.business_cname !== merchant.business_cname_hans) expect(hansFile).not.toContain(merchant.business_cname);
      }
      const hansStores = await exportOf(hans, 'stores', '&columns=storeCode,storeName,address');
      for (const store of await q<{ cn_street_hans: string; store_cname_hans: string; store_cname: string }>(`SELECT s.cn_street_hans, s.store_cname_hans, s.store_cname FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0001'`)) {
        expect(hansStores).toContain(store.cn_street_hans);
        expect(hansStores).toContain(store.store_cname_hans);
        if (store.store_cname !== store.store_cname_hans) expect(hansStores).not.toContain(store.store_cname);
      }

      const stores = await q<{ cn_street: string; address: string }>(`SELECT s.cn_street, s.address FROM stores s JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0001'`);
      const storeFile = await exportOf(zh, 'stores', '&columns=storeCode,address,storeStatus');
      for (const store of stores) {
        expect(storeFile).toContain(store.cn_street);
        expect(storeFile).not.toContain(store.address);
      }
      expect(storeFile).toContain('申請中');
      const english = await exportOf(admin, 'stores', '&status=Applying&columns=storeCode,address,storeStatus');
      expect(english.trim().split('\r\n').slice(1, 2)).toEqual(['S999001,"1 Canton Road, Tsim Sha Tsui, Hong Kong",Applying']);

      const [service] = await q<{ account_no: string; fee_overseas_visa: string; merchant_no: string }>(
        `SELECT p.account_no, p.fee_overseas_visa::text, p.merchant_no FROM payment_services p JOIN merchants m USING (merchant_no) WHERE m.customer_no = 'C0001' AND p.payment_type = 'VISA' ORDER BY p.merchant_no LIMIT 1`,
      );
      const serviceFile = await exportOf(admin, 'payments', `&merchant=${service?.merchant_no}&paymentType=VISA&columns=merchantNo,paymentType,feeOverseasVisa,accountNo,serviceStatus`);
      expect(serviceFile.trim().split('\r\n').slice(1, 2)).toEqual([`${service?.merchant_no},Visa,${service?.fee_overseas_visa.replace(/(\.\d\d\d*?)0+$/, '$1')}%,${maskTail(service?.account_no ?? '')},Enabled`]);
      expect(serviceFile).not.toContain(service?.account_no);
    });
  });
});
