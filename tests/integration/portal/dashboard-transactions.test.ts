import { callUpstream } from '@/lib/gateway/client';
import { CALLS, type CallName } from '@/lib/call-catalogue';
import type { CallAnswer, CallDefinition, CallInput } from '@/lib/gateway/define';
import { streamUpstream } from '@/lib/gateway/stream';
import { sessionConfig } from '@/lib/session/config';
import { openSession, type SessionData } from '@/lib/session/session';
import { DATABASES, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';
import { Figures, type Condition, type Selection } from './transaction-figures';
import { ok, refusal } from './gateway-session';
import { DASHBOARD_CALLS } from '@/lib/dashboard/calls';
import { TRANSACTION_CALLS } from '@/lib/transactions/calls';

/**
 * The dashboard and transaction calls as the portal makes them (callUpstream with a real session),
 * against the reference services and their seeded database. Every expected figure is computed by
 * SQL from that database (transaction-figures.ts), never copied from a run.
 */

interface SignedIn {
  browser: Browser;
  session: SessionData;
  /** The customers the account's organisation covers, read from the database. */
  customers: string[];
}

type Row = CallAnswer<typeof TRANSACTION_CALLS.realtimeTransactions>['data'][number];

const DAY_MS = 86_400_000;
/** Hong Kong is UTC+8 all year (no daylight saving since 1979). */
const hongKongDay = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');
const span = (from: string, to: string) => ({ gmtPaymentFrom: `${compact(from)}000000`, gmtPaymentTo: `${compact(to)}235959` });

const DASHBOARD_NAMES = ['dashboardTotals', 'dashboardCounts', 'dashboardCurve', 'dashboardTopStores', 'dashboardTransTypes', 'dashboardPaymentTypes'] as const;
const PARTNER_VARIANT_CALLS = (Object.keys(CALLS) as CallName[]).filter((name) => (CALLS[name] as { partnerVariant?: boolean }).partnerVariant);

/** Every row of a realtime query, page by page (100 a page). */
async function listAll(input: CallInput<typeof TRANSACTION_CALLS.realtimeTransactions>, session: SessionData, limit = 100) {
  const first = await ok('realtimeTransactions', { ...input, limit, page: 1 }, session);
  const rows: Row[] = [...first.data];
  for (let page = 2; page <= first.totalPage; page++) rows.push(...(await ok('realtimeTransactions', { ...input, limit, page }, session)).data);
  return { first, rows, orders: rows.map((r) => r.order_no) };
}

const headline = (answer: CallAnswer<typeof TRANSACTION_CALLS.realtimeTransactions>) => ({ total: answer.total, totalAmount: answer.totalAmount, summary: answer.summary });

describe.each(DATABASES)('dashboard and transactions through the gateway on %s', (database) => {
  let upstream: TestUpstream;
  let figures: Figures;
  let admin: SignedIn;
  let partner: SignedIn;
  let other: SignedIn;
  let viewer: SignedIn;

  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);
  const today = () => hongKongDay(upstream.clock.now());

  /** Signs in through the portal's login route handler and opens the sealed cookie it set. */
  async function signIn(account: string): Promise<SignedIn> {
    const browser = new Browser();
    const answer = await browser.signIn(account);
    expect(answer.status).toBe(200);
    const opened = await openSession(browser.cookies.get(sessionConfig().cookieName));
    if (!opened.session) throw new Error(`no session for ${account}: ${opened.reason}`);
    const [user] = await q<{ type: string; type_no: string }>('SELECT type, type_no FROM users WHERE account = $1', [account]);
    const customers =
      user?.type === 'PARTNER'
        ? (await q<{ customer_no: string }>('SELECT customer_no FROM customers WHERE partner_no = $1 ORDER BY 1', [user.type_no])).map((r) => r.customer_no)
        : [user?.type_no as string];
    return { browser, session: opened.session, customers };
  }

  /** The dashboard figures the database gives for these customers and days. */
  async function expectedDashboard(customers: string[], from: string, to: string) {
    const selection: Selection = { customers, from, to };
    return {
      dashboardTotals: await figures.allCountAndAmount(selection),
      dashboardTopStores: await figures.topStores(selection),
      dashboardTransTypes: await figures.transTypes(selection),
      dashboardPaymentTypes: await figures.paymentTypes(selection),
    };
  }

  async function actualDashboard(session: SessionData, input: CallInput<typeof DASHBOARD_CALLS.dashboardTotals>) {
    return {
      dashboardTotals: await ok('dashboardTotals', input, session),
      dashboardTopStores: await ok('dashboardTopStores', input, session),
      dashboardTransTypes: await ok('dashboardTransTypes', input, session),
      dashboardPaymentTypes: await ok('dashboardPaymentTypes', input, session),
    };
  }

  /**
   * The fourteen whole days ending yesterday, the last seven and the seven before, day by day; and
   * today up to the time the answer says it ran to (the seed's refunds and voids may come later in the day).
   */
  async function expectedCurve(customers: string[], until: string) {
    const day = today();
    return {
      current: await figures.days(customers, shift(day, -7), shift(day, -1)),
      previous: await figures.days(customers, shift(day, -14), shift(day, -8)),
      today: { ...(await figures.dayUntil(customers, day, until)), until },
    };
  }

  /** The curve a session is answered, beside what the rows say for the same moment. */
  async function curveOf(session: SessionData, input: { customer_no?: string }, customers: string[]) {
    const answer = await ok('dashboardCurve', input, session);
    expect(answer.today.until).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    return { answer, expected: await expectedCurve(customers, answer.today.until) };
  }

  async function expectedCounts(customers: string[], names: { customer_name: string; customer_cname: string; customer_cname_hans: string | null }) {
    return { ...names, ...(await figures.organisation(customers)) };
  }

  async function customerNames(customer: string) {
    const [row] = await q<{ customer_name: string; customer_cname: string; customer_cname_hans: string | null }>('SELECT customer_name, customer_cname, customer_cname_hans FROM customers WHERE customer_no = $1', [customer]);
    return row ?? { customer_name: '', customer_cname: '', customer_cname_hans: '' };
  }

  /** A listed transaction of the customers, older than `daysAgo` (so outside any short span). */
  async function olderTransaction(customers: string[], daysAgo: number) {
    const [row] = await q<{ order_no: string; out_trade_no: string; refno: string }>(
      `SELECT order_no, out_trade_no, refno FROM transactions WHERE customer_no = ANY($1) AND trans_type = '11' AND gmt_payment < $2::date
        ORDER BY gmt_payment DESC, id DESC LIMIT 1`,
      [customers, shift(today(), -daysAgo)],
    );
    if (!row) throw new Error('no older transaction in the seed');
    return row;
  }

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 3000);
    portalEnv(upstream.url);
    figures = new Figures(upstream.db);
    admin = await signIn('admin');
    partner = await signIn('partner@demo.test');
    other = await signIn('other@demo.test');
    viewer = await signIn('viewer@demo.test');
  });
  afterAll(() => upstream.stop());

  it('signs the demo users in with the sessions the tests rely on', () => {
    expect([admin, partner, other, viewer].map(({ session, customers }) => ({ account: session.account, rank: session.rank, roleId: session.roleId, customers }))).toEqual([
      { account: 'admin', rank: 'CUSTOMER', roleId: 1, customers: ['C0001'] },
      { account: 'partner@demo.test', rank: 'PARTNER', roleId: 1, customers: expect.arrayContaining(['C0001']) },
      { account: 'other@demo.test', rank: 'CUSTOMER', roleId: 1, customers: ['C0002'] },
      { account: 'viewer@demo.test', rank: 'CUSTOMER', roleId: 5, customers: ['C0001'] },
    ]);
    expect(partner.customers.length).toBeGreaterThan(1);
    expect(partner.customers).not.toContain('C0002');
  });

  describe('realtime transactions', () => {
    it("lists today's transactions by default: count, net amount, summary and the first page", async () => {
      const day = today();
      const selection = { customers: admin.customers, from: day, to: day };
      const expected = await figures.totals(selection);
      expect(expected.total).toBeGreaterThan(0);
      const answer = await ok('realtimeTransactions', {}, admin.session);
      expect(headline(answer)).toEqual(expected);
      expect(answer.data.map((r) => r.order_no)).toEqual((await figures.orders(selection)).slice(0, 10));
      expect({ currPage: answer.currPage, totalPage: answer.totalPage }).toEqual({ currPage: 1, totalPage: Math.ceil(expected.total / 10) });
    });

    it('totals a 30-day span: count, net amount and the SALE/VOID/REFUND summary', async () => {
      const day = today();
      const selection = { customers: admin.customers, from: shift(day, -29), to: day };
      const expected = await figures.totals(selection);
      expect(expected.total).toBeGreaterThan(20);
      const { first, orders } = await listAll(span(shift(day, -29), day), admin.session);
      expect(headline(first)).toEqual(expected);
      expect(orders).toEqual(await figures.orders(selection));
    });

    it('nets voids and refunds against sales over a year, where every kind occurs', async () => {
      const day = today();
      const selection = { customers: admin.customers, from: shift(day, -365), to: day };
      const expected = await figures.totals(selection);
      for (const category of expected.summary) expect(category.count).toBeGreaterThan(0);
      const answer = await ok('realtimeTransactions', span(shift(day, -365), day), admin.session);
      expect(headline(answer)).toEqual(expected);
    });

    describe('each filter returns exactly the matching rows', () => {
      const spanDays = 30;
      async function probe(more: Condition[], input: CallInput<typeof TRANSACTION_CALLS.realtimeTransactions>, narrows = true) {
        const day = today();
        const whole = { customers: admin.customers, from: shift(day, -(spanDays - 1)), to: day };
        const selection = { ...whole, more };
        const expected = await figures.totals(selection);
        expect(expected.total).toBeGreaterThan(0);
        if (narrows) expect(expected.total).toBeLessThan((await figures.totals(whole)).total);
        const { first, orders } = await listAll({ ...span(whole.from, whole.to), ...input }, admin.session);
        expect(headline(first)).toEqual(expected);
        expect(orders).toEqual(await figures.orders(selection));
      }
      /** The most frequent value of a column among the admin's listed transactions of the span. */
      async function busiest(column: string) {
        const [row] = await q<{ v: string }>(
          `SELECT ${column} AS v FROM transactions WHERE customer_no = ANY($1) AND gmt_payment >= $2::date AND trans_type <> '61'
            GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
          [admin.customers, shift(today(), -(spanDays - 1))],
        );
        return row?.v as string;
      }
      async function amountQuantile(fraction: number) {
        const [row] = await q<{ v: string }>(
          `SELECT percentile_disc($3::float8) WITHIN GROUP (ORDER BY trans_amount)::text AS v FROM transactions
            WHERE customer_no = ANY($1) AND gmt_payment >= $2::date AND trans_type <> '61'`,
          [admin.customers, shift(today(), -(spanDays - 1)), fraction],
        );
        return row?.v as string;
      }

      it('merchant', async () => {
        const merchant = await busiest('merchant_no');
        await probe([['x.merchant_no = ?', merchant]], { merchant_no: merchant });
      });
      it('store', async () => {
        const store = await busiest('store_code');
        await probe([['x.store_code = ?', store]], { storeCode: store });
      });
      it('terminal', async () => {
        const terminal = await busiest('terminal_no');
        await probe([['x.terminal_no = ?', terminal]], { terminal });
      });
      it('payment type', async () => {
        const paymentType = await busiest('payment_type');
        await probe([['x.payment_type = ?', paymentType]], { payment_type: paymentType });
      });
      it('amount from (inclusive)', async () => {
        const median = await amountQuantile(0.5);
        await probe([['x.trans_amount >= ?::numeric', median]], { amountFrom: median });
      });
      it('amount to (inclusive)', async () => {
        const median = await amountQuantile(0.5);
        await probe([['x.trans_amount <= ?::numeric', median]], { amountTo: median });
      });
      it('amount from and to together', async () => {
        const [low, high] = [await amountQuantile(0.25), await amountQuantile(0.75)];
        await probe([['x.trans_amount >= ?::numeric', low], ['x.trans_amount <= ?::numeric', high]], { amountFrom: low, amountTo: high });
      });

      it.each([
        ['order number', 'alipayOrder', 'order_no'],
        ['EFT number', 'eftNo', 'out_trade_no'],
        ['RRN', 'rrn', 'refno'],
      ] as const)('%s: exactly that transaction, whatever its day', async (_name, field, column) => {
        const old = await olderTransaction(admin.customers, 100);
        const key = old[column];
        const day = today();
        // The page sends today's span with the key; the key still finds a transaction of 100 days ago.
        const answer = await ok('realtimeTransactions', { ...span(day, day), [field]: key }, admin.session);
        const expected = await figures.totals({ customers: admin.customers, more: [[`x.${column} = ?`, key]] });
        expect(expected.total).toBe(1);
        expect(headline(answer)).toEqual(expected);
        expect(answer.data.map((r) => r.order_no)).toEqual([old.order_no]);
      });
    });

    it('pages: page 2 holds the next rows in order, without overlap', async () => {
      const day = today();
      const selection = { customers: admin.customers, from: shift(day, -29), to: day };
      const orders = await figures.orders(selection);
      expect(orders.length).toBeGreaterThan(20);
      const input = span(selection.from, day);
      const page1 = await ok('realtimeTransactions', { ...input, limit: 10, page: 1 }, admin.session);
      const page2 = await ok('realtimeTransactions', { ...input, limit: 10, page: 2 }, admin.session);
      expect(page1.data.map((r) => r.order_no)).toEqual(orders.slice(0, 10));
      expect(page2.data.map((r) => r.order_no)).toEqual(orders.slice(10, 20));
      expect(page2.data.filter((r) => page1.data.some((p) => p.order_no === r.order_no))).toEqual([]);
      expect({ currPage: page2.currPage, totalPage: page2.totalPage, total: page2.total }).toEqual({ currPage: 2, totalPage: Math.ceil(orders.length / 10), total: orders.length });
      const lastPage = Math.ceil(orders.length / 10);
      const last = await ok('realtimeTransactions', { ...input, limit: 10, page: lastPage }, admin.session);
      expect(last.data.map((r) => r.order_no)).toEqual(orders.slice((lastPage - 1) * 10));
    });

    it.each([
      ['trans_amount', 'asc'],
      ['trans_amount', 'desc'],
      ['gmt_payment', 'asc'],
      ['gmt_payment', 'desc'],
    ] as const)('sorts by %s %s across pages', async (sort, order) => {
      const day = today();
      const selection = { customers: admin.customers, from: shift(day, -29), to: day };
      const { rows, orders } = await listAll({ ...span(selection.from, day), sort, order }, admin.session, 25);
      expect(orders).toEqual(await figures.orders(selection, `x.${sort} ${order}, x.id ${order}`));
      const keys = rows.map((r) => (sort === 'trans_amount' ? Number(r.trans_amount) : String(r.gmt_payment)));
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
    });

    it('applies the default type list: pre-authorisations (61) never appear and move no money', async () => {
      const day = today();
      const from = shift(day, -365);
      const [preauth] = await q<{ order_no: string; terminal_no: string }>(
        `SELECT order_no, terminal_no FROM transactions WHERE customer_no = ANY($1) AND trans_type = '61' AND gmt_payment >= $2::date ORDER BY id DESC LIMIT 1`,
        [admin.customers, from],
      );
      expect(preauth).toBeDefined();
      const terminal = preauth?.terminal_no as string;
      const [{ n: preauths } = { n: 0 }] = await q<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions WHERE terminal_no = $1 AND trans_type = '61' AND gmt_payment >= $2::date`,
        [terminal, from],
      );
      // The terminal's list over the year: everything but its pre-authorisations.
      const selection = { customers: admin.customers, from, to: day, more: [['x.terminal_no = ?', terminal]] as Condition[] };
      const { first, rows, orders } = await listAll({ ...span(from, day), terminal }, admin.session);
      expect(rows.filter((r) => r.trans_type === '61')).toEqual([]);
      expect(headline(first)).toEqual(await figures.totals(selection));
      expect(orders).toEqual(await figures.orders(selection));
      // By its own order number it is not found either, unless the caller asks for type 61.
      expect((await ok('realtimeTransactions', { alipayOrder: preauth?.order_no }, admin.session)).total).toBe(0);
      const asked = await ok('realtimeTransactions', { ...span(from, day), terminal, transType: '61', limit: 100 }, admin.session);
      expect(asked.total).toBe(preauths);
      expect(asked.data.map((r) => r.trans_type)).toEqual(Array(preauths).fill('61'));
      expect(asked.totalAmount).toBe('0.00');
    });
  });

  describe('dashboard (admin)', () => {
    it('gives the last seven days including today by default', async () => {
      const day = today();
      const expected = await expectedDashboard(admin.customers, shift(day, -6), day);
      expect(expected.dashboardTotals.allCount).toBeGreaterThan(0);
      expect(await actualDashboard(admin.session, {})).toEqual(expected);
    });

    it('gives the figures of the span it is asked for', async () => {
      const day = today();
      const from = shift(day, -59);
      const to = shift(day, -30);
      const expected = await expectedDashboard(admin.customers, from, to);
      expect(expected.dashboardTotals.allCount).toBeGreaterThan(0);
      expect(expected).not.toEqual(await expectedDashboard(admin.customers, shift(day, -6), day));
      expect(await actualDashboard(admin.session, span(from, to))).toEqual(expected);
    });

    it('counts merchants, stores and terminals and names the customer', async () => {
      const expected = await expectedCounts(admin.customers, await customerNames('C0001'));
      expect(expected.terminal_count).toBeGreaterThan(expected.store_count);
      expect(await ok('dashboardCounts', {}, admin.session)).toEqual(expected);
    });

    it('draws the curve of the last seven whole days and the seven before, day by day, and today so far apart', async () => {
      const { answer, expected } = await curveOf(admin.session, {}, admin.customers);
      expect(expected.current.map((d) => d.day)).toEqual(Array.from({ length: 7 }, (_, i) => compact(shift(today(), i - 7))));
      expect(expected.current.every((d) => d.count > 0)).toBe(true);
      expect(answer).toEqual(expected);
    });

    it('ranks the five stores with the largest net amount', async () => {
      const day = today();
      const expected = await figures.topStores({ customers: admin.customers, from: shift(day, -6), to: day });
      expect(expected).toHaveLength(5);
      expect(await ok('dashboardTopStores', {}, admin.session)).toEqual(expected);
    });
  });

  /** A streamed call read to its end: ok when every line passed the gateway's checks. */
  async function streamed(name: CallName, input: Record<string, unknown>, session: SessionData) {
    const opened = await streamUpstream(CALLS[name], input as never, session, new AbortController().signal);
    if (!opened.ok) return opened;
    for await (const rows of opened.data) expect(rows.length).toBeGreaterThan(0);
    return opened;
  }

  describe('the partner', () => {
    it('calls the _20230314 variants: the plain calls refuse its token', async () => {
      expect(PARTNER_VARIANT_CALLS).toEqual(expect.arrayContaining(['realtimeTransactions', ...DASHBOARD_NAMES, 'storeTerminals']));
      const day = today();
      // Calls about one file or remittance name one of the partner's own (found through its list calls).
      const [file] = (await ok('settlementFiles', {}, partner.session)).data;
      const [remittance] = (await ok('remittances', {}, partner.session)).data;
      const inputs: Partial<Record<CallName, Record<string, unknown>>> = {
        realtimeTransactions: span(day, day),
        settlementFileDetail: { file_id: file?.file_id },
        settlementFileRows: { file_id: file?.file_id },
        remittanceDetail: { id: remittance?.id },
        merchantContacts: { merchant_no: (await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY 1 LIMIT 1"))[0]?.merchant_no },
        exportTransactions: { ...span(day, day), columns: ['order_no'] },
      };
      for (const name of PARTNER_VARIANT_CALLS) {
        const input = inputs[name] ?? {};
        const plain = await upstream.client.call<{ error: { code: string } }>(CALLS[name].method, CALLS[name].path, input, { token: partner.session.token });
        expect({ name, status: plain.status, code: plain.body.error?.code }).toEqual({ name, status: 403, code: 'WRONG_VARIANT' });
        const result = (CALLS[name] as CallDefinition).stream ? await streamed(name, input, partner.session) : await callUpstream(CALLS[name], input as never, partner.session);
        expect({ name, ok: result.ok }).toEqual({ name, ok: true });
      }
      // And a customer's token is refused on the partner variant.
      const variant = await upstream.client.call<{ error: { code: string } }>('GET', `${CALLS.dashboardTotals.path}_20230314`, {}, { token: admin.session.token });
      expect({ status: variant.status, code: variant.body.error?.code }).toEqual({ status: 403, code: 'WRONG_VARIANT' });
    });

    it("covers exactly the partner's customers on the dashboard", async () => {
      const day = today();
      const expected = await expectedDashboard(partner.customers, shift(day, -6), day);
      expect(expected.dashboardTotals.allCount).toBeGreaterThan((await figures.allCountAndAmount({ customers: ['C0001'], from: shift(day, -6), to: day })).allCount);
      expect(await actualDashboard(partner.session, {})).toEqual(expected);
      const curve = await curveOf(partner.session, {}, partner.customers);
      expect(curve.answer).toEqual(curve.expected);
      const [names] = await q<{ customer_name: string; customer_cname: string; customer_cname_hans: string | null }>('SELECT name AS customer_name, cname AS customer_cname, cname_hans AS customer_cname_hans FROM partners WHERE partner_no = $1', [partner.session.rankNo]);
      expect(await ok('dashboardCounts', {}, partner.session)).toEqual(await expectedCounts(partner.customers, names as { customer_name: string; customer_cname: string; customer_cname_hans: string | null }));
    });

    it('narrows to one of its customers when it names one', async () => {
      const customer = partner.customers.find((c) => c !== 'C0001') as string;
      const day = today();
      expect(await actualDashboard(partner.session, { customer_no: customer })).toEqual(await expectedDashboard([customer], shift(day, -6), day));
      const curve = await curveOf(partner.session, { customer_no: customer }, [customer]);
      expect(curve.answer).toEqual(curve.expected);
      expect(await ok('dashboardCounts', { customer_no: customer }, partner.session)).toEqual(await expectedCounts([customer], await customerNames(customer)));
    });

    it("lists exactly the partner's customers' transactions", async () => {
      const day = today();
      const selection = { customers: partner.customers, from: shift(day, -29), to: day };
      const { first, orders } = await listAll(span(selection.from, day), partner.session);
      expect(headline(first)).toEqual(await figures.totals(selection));
      expect(orders).toEqual(await figures.orders(selection));
    });

    it("narrows the list to one of its customers: exactly that customer's transactions", async () => {
      const customer = partner.customers.find((c) => c !== 'C0001') as string;
      const day = today();
      const selection = { customers: [customer], from: shift(day, -29), to: day };
      const { first, orders } = await listAll({ ...span(selection.from, day), customer_no: customer }, partner.session);
      expect(headline(first)).toEqual(await figures.totals(selection));
      expect(orders).toEqual(await figures.orders(selection));
      expect(first.total).toBeLessThan((await figures.totals({ ...selection, customers: partner.customers })).total);
    });

    it('gets nothing of a customer outside the partnership, even by name', async () => {
      const day = today();
      expect(await actualDashboard(partner.session, { customer_no: 'C0002' })).toEqual(await expectedDashboard([], shift(day, -6), day));
      const foreign = await olderTransaction(['C0002'], 3);
      expect((await ok('realtimeTransactions', { alipayOrder: foreign.order_no }, partner.session)).data).toEqual([]);
    });
  });

  describe('isolation: other@demo.test sees nothing of C0001', () => {
    it("lists only its own customer's transactions", async () => {
      const day = today();
      const selection = { customers: other.customers, from: shift(day, -29), to: day };
      const { first, rows, orders } = await listAll(span(selection.from, day), other.session);
      expect(headline(first)).toEqual(await figures.totals(selection));
      expect(orders).toEqual(await figures.orders(selection));
      const theirs = new Set(await figures.orders({ customers: ['C0001'], from: selection.from, to: day }));
      expect(theirs.size).toBeGreaterThan(0);
      expect(rows.filter((r) => theirs.has(r.order_no) || !other.customers.includes(String(r.customer_no)))).toEqual([]);
    });

    it.each([
      ['order number', 'alipayOrder', 'order_no'],
      ['EFT number', 'eftNo', 'out_trade_no'],
      ['RRN', 'rrn', 'refno'],
    ] as const)("finds no C0001 transaction by its %s (which admin finds)", async (_name, field, column) => {
      const theirs = await olderTransaction(['C0001'], 2);
      expect((await ok('realtimeTransactions', { [field]: theirs[column] }, admin.session)).data.map((r) => r.order_no)).toEqual([theirs.order_no]);
      const answer = await ok('realtimeTransactions', { [field]: theirs[column] }, other.session);
      expect({ total: answer.total, data: answer.data, totalAmount: answer.totalAmount }).toEqual({ total: 0, data: [], totalAmount: '0.00' });
    });

    it('finds nothing whatever C0001 filters it sends', async () => {
      const day = today();
      const [theirs] = await q<{ merchant_no: string; store_code: string; terminal_no: string }>(
        "SELECT merchant_no, store_code, terminal_no FROM transactions WHERE customer_no = 'C0001' AND gmt_payment >= $1::date ORDER BY id DESC LIMIT 1",
        [shift(day, -29)],
      );
      expect(theirs).toBeDefined();
      const wide = span(shift(day, -29), day);
      const probes: Record<string, unknown>[] = [
        { merchant_no: theirs?.merchant_no },
        { storeCode: theirs?.store_code },
        { terminal: theirs?.terminal_no },
        { merchant_no: theirs?.merchant_no, storeCode: theirs?.store_code, terminal: theirs?.terminal_no },
      ];
      for (const probe of probes) {
        const answer = await ok('realtimeTransactions', { ...wide, ...probe, limit: 100 }, other.session);
        expect({ probe, total: answer.total, data: answer.data }).toEqual({ probe, total: 0, data: [] });
      }
      // customer_no narrows to one of the caller's customers (a partner's filter): naming another's finds nothing.
      const selection = { customers: other.customers, from: shift(day, -29), to: day };
      const named = await listAll({ ...wide, customer_no: 'C0001' }, other.session);
      expect({ total: named.first.total, orders: named.orders }).toEqual({ total: 0, orders: [] });
      expect((await listAll({ ...wide, customer_no: other.customers[0] }, other.session)).orders).toEqual(await figures.orders(selection));
      // The same probes as the browser sends them, through the portal's gateway route handler.
      type Routed = { ok: boolean; data: CallAnswer<typeof TRANSACTION_CALLS.realtimeTransactions> };
      for (const probe of probes) {
        const answer = await other.browser.call<Routed>('POST', '/api/gateway/realtimeTransactions', { input: { ...wide, ...probe, customer_no: 'C0001', limit: 100 } });
        expect({ probe, status: answer.status, total: answer.body.data.total, data: answer.body.data.data }).toEqual({ probe, status: 200, total: 0, data: [] });
      }
      const routed = await other.browser.call<Routed>('POST', '/api/gateway/realtimeTransactions', { input: { ...wide, customer_no: 'C0001', limit: 100 } });
      expect({ total: routed.body.data.total, data: routed.body.data.data }).toEqual({ total: 0, data: [] });
    });

    it("has its own customer's dashboard figures, and none of C0001 when it names C0001", async () => {
      const day = today();
      expect(await actualDashboard(other.session, {})).toEqual(await expectedDashboard(other.customers, shift(day, -6), day));
      const curve = await curveOf(other.session, {}, other.customers);
      expect(curve.answer).toEqual(curve.expected);
      expect(await ok('dashboardCounts', {}, other.session)).toEqual(await expectedCounts(other.customers, await customerNames('C0002')));
      const empty = await expectedDashboard([], shift(day, -6), day);
      expect(empty.dashboardTotals).toEqual({ allCount: 0, allAmount: '0.00' });
      expect(await actualDashboard(other.session, { customer_no: 'C0001' })).toEqual(empty);
      const none = await curveOf(other.session, { customer_no: 'C0001' }, []);
      expect(none.answer).toEqual(none.expected);
      expect(await ok('dashboardCounts', { customer_no: 'C0001' }, other.session)).toEqual(await expectedCounts([], { customer_name: '', customer_cname: '', customer_cname_hans: null }));
    });
  });

  describe('role 5 (single transaction search)', () => {
    it('is refused a list without an exact key', async () => {
      const day = today();
      const merchant = (await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY 1 LIMIT 1"))[0]?.merchant_no;
      for (const input of [{}, { ...span(shift(day, -29), day), merchant_no: merchant }]) {
        expect(await refusal('realtimeTransactions', input, viewer.session)).toEqual({ code: 'UPSTREAM_REFUSED', status: 403, upstreamCode: 'SINGLE_SEARCH_ONLY' });
      }
    });

    it.each([
      ['order number', 'alipayOrder', 'order_no'],
      ['EFT number', 'eftNo', 'out_trade_no'],
      ['RRN', 'rrn', 'refno'],
    ] as const)('gets exactly the one matching row by %s', async (_name, field, column) => {
      const own = await olderTransaction(viewer.customers, 5);
      const answer = await ok('realtimeTransactions', { [field]: own[column] }, viewer.session);
      expect({ total: answer.total, orders: answer.data.map((r) => r.order_no) }).toEqual({ total: 1, orders: [own.order_no] });
      const foreign = await olderTransaction(['C0002'], 5);
      expect((await ok('realtimeTransactions', { [field]: foreign[column] }, viewer.session)).data).toEqual([]);
    });

    it('has no dashboard', async () => {
      for (const name of DASHBOARD_NAMES) expect({ name, error: await refusal(name, {}, viewer.session) }).toEqual({ name, error: { code: 'FORBIDDEN' } });
    });
  });

  describe('span limit', () => {
    it('accepts 366 days from the first to the last day and refuses one more', async () => {
      const day = today();
      const longest = span(shift(day, -366), day);
      expect(headline(await ok('realtimeTransactions', longest, admin.session))).toEqual(await figures.totals({ customers: admin.customers, from: shift(day, -366), to: day }));
      expect(await ok('dashboardTotals', longest, admin.session)).toEqual(await figures.allCountAndAmount({ customers: admin.customers, from: shift(day, -366), to: day }));
      const tooLong = span(shift(day, -367), day);
      const refused = { code: 'UPSTREAM_REFUSED', status: 400, upstreamCode: 'SPAN_TOO_LONG', params: { maxDays: 366 } };
      expect(await refusal('realtimeTransactions', tooLong, admin.session)).toEqual(refused);
      for (const name of DASHBOARD_NAMES.filter((n) => n !== 'dashboardCurve' && n !== 'dashboardCounts')) {
        expect({ name, error: await refusal(name, tooLong, admin.session) }).toEqual({ name, error: refused });
      }
      expect(await refusal('realtimeTransactions', tooLong, partner.session)).toEqual(refused);
    });
  });

  describe('store terminals', () => {
    it.each(['admin', 'partner', 'other'] as const)('lists exactly the stores and terminals of %s', async (who) => {
      const user = { admin, partner, other }[who];
      const expected = await q<{ store_code: string; terminals: string }>(
        `SELECT s.store_code, coalesce(string_agg(t.terminal_no, ',' ORDER BY t.terminal_no), '') AS terminals
           FROM stores s JOIN merchants m ON m.merchant_no = s.merchant_no LEFT JOIN terminals t ON t.store_code = s.store_code
          WHERE m.customer_no = ANY($1) GROUP BY s.store_code ORDER BY s.store_code`,
        [user.customers],
      );
      const answer = await ok('storeTerminals', { limit: 100 }, user.session);
      expect(answer.total).toBe(expected.length);
      expect(answer.data.map((s) => ({ store_code: s.store_code, terminals: s.terminals.join(',') }))).toEqual(expected);
    });
  });
});
