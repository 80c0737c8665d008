import { randomUUID } from 'node:crypto';
import { PAY_TOKEN } from '../../../lib/collect/codes';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

interface StoreCode {
  merchant_no: string;
  store_code: string;
  store_name: string;
  token: string;
}
interface Created {
  id: number;
  requestNo: string;
  token: string;
  replayed: boolean;
  error?: { code: string };
}
interface RequestRow {
  id: number;
  requestNo: string;
  merchant_no: string;
  status: string;
  amount: string;
  refno: string;
  paymentType: string;
}

const CARD = { method: 'CARD', cardNumber: '4242 4242 4242 4242', cardExpiry: '12/39', cardCvc: '123' };

describe.each(DATABASES)('collect payment on %s', (database) => {
  let upstream: TestUpstream;
  let admin: string;
  let other: string;
  let store: StoreCode;
  let foreignStore: StoreCode;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
    admin = (await upstream.client.login('admin')).token;
    other = (await upstream.client.login('other@demo.test')).token;
    store = (await codes(admin)).data[0] as StoreCode;
    foreignStore = (await codes(other)).data[0] as StoreCode;
  });
  afterAll(() => upstream.stop());

  const call = <T>(token: string, method: string, path: string, input: Record<string, unknown> = {}) => upstream.client.call<T & { error?: { code: string } }>(method, path, input, { token });
  const codes = async (token: string, input: Record<string, unknown> = {}) => (await call<{ data: StoreCode[] }>(token, 'GET', '/api/Collect/GetStoreCodes', input)).body;
  const create = (token: string, input: Record<string, unknown> = {}) =>
    call<Created>(token, 'POST', '/api/Collect/CreatePaymentRequest', {
      merchantNo: store.merchant_no,
      storeCode: store.store_code,
      amount: '88.50',
      description: 'Table 12',
      expiresInMinutes: 60,
      requestKey: randomUUID(),
      ...input,
    });
  const requests = async (token: string, input: Record<string, unknown> = {}) =>
    (await call<{ data: RequestRow[]; total: number }>(token, 'GET', '/api/Collect/GetPaymentRequests', { limit: 100, ...input })).body;
  const requestOf = async (requestNo: string) => (await requests(admin, { requestNo })).data[0];
  /** The payer's form post on the demo payment page (no redirect followed: 303 means paid). */
  const pay = (path: string, form: Record<string, string>) =>
    fetch(`${upstream.url}${path}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
  const salesOf = async (requestNo: string) =>
    (await upstream.db.query<{ id: number; refno: string; trans_type: string; category: string; payment_type: string; trans_amount: string }>(
      'SELECT id::int AS id, refno, trans_type, category, payment_type, trans_amount::text AS trans_amount FROM transactions WHERE remark = $1',
      [`Payment request ${requestNo}`],
    ));
  const logged = async (action: string, target: string) =>
    (await upstream.db.query('SELECT 1 FROM activity_log WHERE action = $1 AND target = $2', [action, target])).length;

  describe('store QR codes', () => {
    it('gives each active store of the scope an opaque, stable token, and no other customer any of them', async () => {
      const first = await codes(admin);
      expect(first.data.length).toBeGreaterThan(0);
      for (const row of first.data) expect(row.token).toMatch(PAY_TOKEN);
      // Not derived from the store: no store code inside, all different.
      expect(first.data.some((row) => row.token.includes(row.store_code))).toBe(false);
      expect(new Set(first.data.map((row) => row.token)).size).toBe(first.data.length);
      expect((await codes(admin)).data).toEqual(first.data);

      const others = await codes(other);
      expect(others.data.some((row) => first.data.some((own) => own.store_code === row.store_code))).toBe(false);
      expect((await call(other, 'GET', '/api/Collect/GetStoreCodes', { store_code: store.store_code })).status).toBe(404);
    });

    it('shows the store on its page, and turns the amount the payer types into a request to pay', async () => {
      const page = await fetch(`${upstream.url}/pay/store/${store.token}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(store.store_name);
      expect((await pay(`/pay/store/${store.token}`, { amount: '0' })).status).toBe(422);
      expect((await pay(`/pay/store/${store.token}`, { amount: '1.234' })).status).toBe(422);
      // Over one request's maximum: refused with its own words, not "try again".
      const tooLarge = await pay(`/pay/store/${store.token}`, { amount: '1000000.01' });
      expect(tooLarge.status).toBe(422);
      expect(await tooLarge.text()).toContain('One payment is for at most HKD 1,000,000.00.');
      const made = await pay(`/pay/store/${store.token}`, { amount: '12.50' });
      expect(made.status).toBe(303);
      const location = made.headers.get('location') ?? '';
      expect(location).toMatch(/^\/pay\/[A-Za-z0-9_-]{32,64}$/);
      expect(await (await fetch(`${upstream.url}${location}`)).text()).toContain('HKD 12.50');
      expect((await fetch(`${upstream.url}/pay/store/not-a-real-token-${'x'.repeat(30)}`)).status).toBe(404);
    });
  });

  describe('payment requests', () => {
    it('refuses an amount of 0, 3 decimals, an expiry out of bounds, and a store that is not the merchant\u2019s or the scope\u2019s', async () => {
      expect((await create(admin, { amount: '0' })).body.error?.code).toBe('COLLECT_AMOUNT_INVALID');
      expect((await create(admin, { amount: '1.234' })).status).toBe(400);
      expect((await create(admin, { expiresInMinutes: 4 })).status).toBe(400);
      expect((await create(admin, { expiresInMinutes: 7 * 24 * 60 + 1 })).status).toBe(400);
      expect((await create(admin, { merchantNo: foreignStore.merchant_no, storeCode: foreignStore.store_code })).status).toBe(404);
      expect((await create(admin, { storeCode: foreignStore.store_code })).status).toBe(404);
      const otherMerchant = (await codes(admin)).data.find((row) => row.merchant_no !== store.merchant_no);
      if (otherMerchant) expect((await create(admin, { storeCode: otherMerchant.store_code })).status).toBe(404);
    });

    it('makes one request of a double click: the same key answers the request already made', async () => {
      const requestKey = randomUUID();
      const [a, b] = await Promise.all([create(admin, { requestKey }), create(admin, { requestKey })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.id).toBe(b.body.id);
      expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
      expect((await create(admin, { requestKey, amount: '99.00' })).body.error?.code).toBe('REQUEST_KEY_REUSED');
      expect(await logged('collect.request', a.body.requestNo)).toBe(1);
    });

    it('keeps one customer\u2019s requests from another: other@demo.test neither lists nor cancels them', async () => {
      const made = (await create(admin)).body;
      expect((await requests(admin)).data.some((row) => row.id === made.id)).toBe(true);
      const seen = await requests(other);
      expect(seen.data.some((row) => row.merchant_no === store.merchant_no)).toBe(false);
      expect((await call(other, 'POST', '/api/Collect/CancelPaymentRequest', { id: made.id })).status).toBe(404);
      expect((await requestOf(made.requestNo))?.status).toBe('OPEN');
    });

    it('is paid at most once when two payments race: one sale, in real-time transactions and the daily summary', async () => {
      const made = (await create(admin, { amount: '1234.56' })).body;
      const summary = async () =>
        (await upstream.db.query<{ count: string }>("SELECT coalesce(sum(count), 0)::text AS count FROM daily_summary WHERE store_code = $1 AND category = 'SALE'", [store.store_code]))[0]?.count;
      const before = await summary();
      const answers = await Promise.all([pay(`/pay/${made.token}`, CARD), pay(`/pay/${made.token}`, CARD)]);
      expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
      const sales = await salesOf(made.requestNo);
      expect(sales).toHaveLength(1);
      const [sale] = sales;
      expect(sale).toMatchObject({ category: 'SALE', trans_type: '11', payment_type: 'VISA', trans_amount: '1234.56' });
      expect(sale?.refno).toMatch(/^\d{12}$/);
      expect(Number(await summary())).toBe(Number(before) + 1);

      const row = await requestOf(made.requestNo);
      expect(row).toMatchObject({ status: 'PAID', refno: sale?.refno, paymentType: 'VISA', amount: '1234.56' });
      const realtime = await call<{ data: { refno: string; trans_amount: string }[] }>(admin, 'GET', '/api/Transaction/AsyncGetTransRealtime', { limit: 10, page: 1, rrn: sale?.refno });
      expect(realtime.body.data.map((t) => [t.refno, t.trans_amount])).toEqual([[sale?.refno, '1234.56']]);
      expect(await logged('collect.pay', made.requestNo)).toBe(1);

      // Paid once: again refused, and a paid request cannot be cancelled.
      expect((await pay(`/pay/${made.token}`, CARD)).status).toBe(409);
      expect((await call(admin, 'POST', '/api/Collect/CancelPaymentRequest', { id: made.id })).body.error?.code).toBe('COLLECT_NOT_OPEN');
      expect(await salesOf(made.requestNo)).toHaveLength(1);
    });

    it('pays with a wallet as a QR payment, and declines any card but the test card without writing anything', async () => {
      const made = (await create(admin)).body;
      expect((await pay(`/pay/${made.token}`, { ...CARD, cardNumber: '4000 0000 0000 0002' })).status).toBe(422);
      expect((await pay(`/pay/${made.token}`, { method: 'PAYPAL' })).status).toBe(422);
      expect(await salesOf(made.requestNo)).toHaveLength(0);
      expect((await pay(`/pay/${made.token}`, { method: 'WECHAT' })).status).toBe(303);
      expect(await salesOf(made.requestNo)).toMatchObject([{ trans_type: '01', payment_type: 'WECHAT' }]);
    });

    it('refuses to pay a cancelled request, and cancels only an open one', async () => {
      const made = (await create(admin)).body;
      expect((await call(admin, 'POST', '/api/Collect/CancelPaymentRequest', { id: made.id })).status).toBe(200);
      expect(await logged('collect.cancel', made.requestNo)).toBe(1);
      expect((await call(admin, 'POST', '/api/Collect/CancelPaymentRequest', { id: made.id })).body.error?.code).toBe('COLLECT_NOT_OPEN');
      expect((await requestOf(made.requestNo))?.status).toBe('CANCELLED');
      const refused = await pay(`/pay/${made.token}`, CARD);
      expect(refused.status).toBe(409);
      expect(await salesOf(made.requestNo)).toHaveLength(0);
    });

    it('expires by the services\u2019 clock: an expired request is neither paid nor cancelled', async () => {
      const made = (await create(admin, { expiresInMinutes: 5 })).body;
      await upstream.client.dev('POST', '/dev/clock', { advanceMinutes: 6 });
      try {
        expect((await requestOf(made.requestNo))?.status).toBe('EXPIRED');
        expect((await requests(admin, { status: 'EXPIRED' })).data.some((row) => row.id === made.id)).toBe(true);
        expect((await pay(`/pay/${made.token}`, CARD)).status).toBe(409);
        expect((await call(admin, 'POST', '/api/Collect/CancelPaymentRequest', { id: made.id })).body.error?.code).toBe('COLLECT_NOT_OPEN');
        expect(await salesOf(made.requestNo)).toHaveLength(0);
      } finally {
        await upstream.client.dev('POST', '/dev/clock', { reset: true });
      }
    });
  });
});
