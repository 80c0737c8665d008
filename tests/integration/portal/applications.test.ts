import { callUpstream } from '@/lib/gateway/client';
import { sessionConfig } from '@/lib/session/config';
import { openSession, type SessionData } from '@/lib/session/session';
import { DATABASES, startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { sessionFor } from './gateway-session';
import { portalEnv } from './setup-env';
import { ASSET_CALLS } from '@/lib/assets/calls';

/**
 * Applying for a payment service through the portal's route handler and the gateway, against the
 * reference services; what was stored, mailed and logged is read back by SQL.
 */

describe.each(DATABASES)('applications for a payment service on %s', (database) => {
  let upstream: TestUpstream;
  /** The main account, signed in once for the suite (sign-ins from one address are rate-limited). */
  let admin: Browser;
  const q = <T>(sql: string, params: unknown[] = []) => upstream.db.query<T>(sql, params);

  async function browserOf(account: string, language = 'en') {
    const browser = new Browser(language);
    expect((await browser.signIn(account)).status).toBe(200);
    return browser;
  }

  /** The first customer's merchants that lack a service, with all their stores. */
  /** The merchants without the payment service, each with its stores that may apply (the open ones). */
  async function lacking(paymentType = 'AMEX') {
    return q<{ merchant_no: string; stores: string[] }>(
      `SELECT m.merchant_no, array(SELECT store_code FROM stores s WHERE s.merchant_no = m.merchant_no AND s.status <> 'Inactive' ORDER BY store_code) AS stores
         FROM merchants m JOIN payment_services p ON p.merchant_no = m.merchant_no AND p.payment_type = $1
        WHERE m.customer_no = 'C0001' AND p.status = 'N' ORDER BY m.merchant_no`,
      [paymentType],
    );
  }

  const application = (merchantNo: string, storeCodes: string[], overrides: Record<string, unknown> = {}) => ({
    merchantNo,
    paymentType: 'AMEX',
    storeCodes,
    contactName: 'Chan Tai Man',
    contactNumber: '85291234567',
    monthlyVolume: '180000.50',
    remark: 'Tourists ask for American Express.',
    ...overrides,
  });

  const openOf = (merchantNo: string) => q<{ application_no: string; status: string }>("SELECT application_no, status FROM service_applications WHERE merchant_no = $1 AND payment_type = 'AMEX' AND status IN ('SUBMITTED', 'UNDER_REVIEW')", [merchantNo]);

  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
    portalEnv(upstream.url);
    admin = await browserOf('admin');
  });
  afterAll(() => upstream.stop());

  it('offers the main account its merchants, their stores and which services they have, as stored', async () => {
    const answer = await callUpstream(ASSET_CALLS.applicableServices, {}, await sessionFor('admin'));
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    const expected = await q<{ merchant_no: string; stores: string[]; enabled: string[] }>(
      `SELECT m.merchant_no, array(SELECT store_code FROM stores s WHERE s.merchant_no = m.merchant_no ORDER BY store_code) AS stores,
              array(SELECT payment_type FROM payment_services p WHERE p.merchant_no = m.merchant_no AND p.status = 'Y' ORDER BY payment_type) AS enabled
         FROM merchants m WHERE m.customer_no = 'C0001' ORDER BY m.merchant_no`,
    );
    expect(
      answer.data.map((m) => ({ merchant_no: m.merchant_no, stores: m.stores.map((s) => s.store_code), enabled: m.services.filter((s) => s.enabled).map((s) => s.payment_type).sort() })),
    ).toEqual(expected);
    expect(answer.data.every((m) => m.services.length === 7)).toBe(true);
  });

  it('stores an application, mails the main account, logs it, lists it, and refuses the same while it is open', async () => {
    const [merchant] = await lacking();
    if (!merchant) throw new Error('the seed has no merchant without American Express');
    const applied = await admin.call<{ ok: boolean; data: { applicationNo: string; status: string } }>('POST', '/api/applications', application(merchant.merchant_no, merchant.stores.slice(0, 1)));
    expect(applied.status).toBe(200);
    const { applicationNo } = applied.body.data;
    const [row] = await q<Record<string, unknown>>(
      `SELECT a.customer_no, a.payment_type, a.store_codes, a.monthly_volume::text AS monthly_volume, a.status, u.account
         FROM service_applications a JOIN users u ON u.user_id = a.applicant_user_id WHERE a.application_no = $1`,
      [applicationNo],
    );
    expect(row).toEqual({ customer_no: 'C0001', payment_type: 'AMEX', store_codes: merchant.stores.slice(0, 1), monthly_volume: '180000.50', status: 'SUBMITTED', account: 'admin' });
    const [mail] = await upstream.client.dev<{ subject: string; body: string }[]>('GET', '/dev/outbox', { to: 'admin@demo.test', limit: 1 });
    expect(mail?.subject).toContain(applicationNo);
    expect(mail?.body).toContain(merchant.merchant_no);
    expect(await q("SELECT outcome FROM activity_log WHERE action = 'application.submit' AND target = $1", [applicationNo])).toEqual([{ outcome: 'success' }]);

    const session = await openSession(admin.cookies.get(sessionConfig().cookieName));
    const listed = await callUpstream(ASSET_CALLS.serviceApplications, {}, session.session as SessionData);
    if (!listed.ok) throw new Error(JSON.stringify(listed.error));
    const expected = await q<{ applicationNo: string }>(
      `SELECT application_no AS "applicationNo" FROM service_applications WHERE customer_no = 'C0001' AND created_at >= $1::date - 365 ORDER BY created_at DESC, id DESC`,
      [new Date(upstream.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10)],
    );
    expect(listed.data.data.map((a) => a.applicationNo)).toEqual(expected.map((a) => a.applicationNo));
    expect(listed.data.data[0]).toMatchObject({ applicationNo, status: 'SUBMITTED', storeCount: 1, monthlyVolume: '180000.50' });
    expect(listed.data.data.some((a) => a.status === 'REJECTED' && a.rejectReason.length > 0)).toBe(true);

    const again = await admin.call('POST', '/api/applications', application(merchant.merchant_no, merchant.stores));
    expect({ status: again.status, error: again.body.error }).toEqual({
      status: 409,
      error: { code: 'APPLICATION_OPEN', message: `An application for this service and merchant is still open (${applicationNo}). Wait for its review before applying again.` },
    });
    const inChinese = await (await browserOf('admin', 'zh-TW')).call('POST', '/api/applications', application(merchant.merchant_no, merchant.stores));
    expect(inChinese.body.error?.message).toBe(`此商戶的同一支付服務已有申請正在處理（${applicationNo}），請待審核完成後再申請。`);
    expect(await openOf(merchant.merchant_no)).toHaveLength(1);
  });

  it('lets one of two simultaneous applications for the same service and merchant through', async () => {
    const [, merchant] = await lacking();
    if (!merchant) throw new Error('the seed has no second merchant without American Express');
    const [first, second] = [admin, await browserOf('admin')];
    const answers = await Promise.all([first, second].map((browser) => browser.call('POST', '/api/applications', application(merchant.merchant_no, merchant.stores))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error?.code).toBe('APPLICATION_OPEN');
    expect(await openOf(merchant.merchant_no)).toHaveLength(1);
  });

  it('moves an application along in demo mode; an approval enables the service and a rejection opens the way again', async () => {
    const [merchant] = await lacking();
    const [open] = await openOf(merchant?.merchant_no as string);
    const advance = (status: string, reason?: string) =>
      fetch(`${upstream.url}/dev/applications/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationNo: open?.application_no, status, reason }) });
    expect((await advance('APPROVED')).status).toBe(409);
    expect((await advance('REJECTED')).status).toBe(400);
    expect((await advance('UNDER_REVIEW')).status).toBe(200);
    expect((await advance('REJECTED', 'The monthly volume needs a bank statement.')).status).toBe(200);
    expect(await q('SELECT status, reject_reason FROM service_applications WHERE application_no = $1', [open?.application_no])).toEqual([{ status: 'REJECTED', reject_reason: 'The monthly volume needs a bank statement.' }]);
    const [mail] = await upstream.client.dev<{ body: string }[]>('GET', '/dev/outbox', { to: 'admin@demo.test', limit: 1 });
    expect(mail?.body).toContain('The monthly volume needs a bank statement.');

    const again = await admin.call<{ ok: boolean; data: { applicationNo: string } }>('POST', '/api/applications', application(merchant?.merchant_no as string, merchant?.stores ?? []));
    expect(again.status).toBe(200);
    const approve = (status: string) =>
      fetch(`${upstream.url}/dev/applications/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationNo: again.body.data.applicationNo, status }) });
    expect((await approve('UNDER_REVIEW')).status).toBe(200);
    expect((await approve('APPROVED')).status).toBe(200);
    expect(await q("SELECT status FROM payment_services WHERE merchant_no = $1 AND payment_type = 'AMEX'", [merchant?.merchant_no])).toEqual([{ status: 'Y' }]);
    const enabled = await admin.call('POST', '/api/applications', application(merchant?.merchant_no as string, merchant?.stores ?? []));
    expect({ status: enabled.status, code: enabled.body.error?.code }).toEqual({ status: 409, code: 'SERVICE_ALREADY_ENABLED' });
  });

  it.each([
    ['no merchant', { merchantNo: '' }, 'Choose the merchant.'],
    ['no payment service', { paymentType: undefined }, 'Choose a payment service.'],
    ['an unknown payment service', { paymentType: 'GOLD' }, 'Choose a payment service.'],
    ['no store', { storeCodes: [] }, 'Choose at least one store of the merchant.'],
    ['a contact number under 8 digits', { contactNumber: '1234567' }, 'Enter a contact number of at least 8 digits.'],
    ['a monthly volume of 0', { monthlyVolume: '0.00' }, 'Enter an amount greater than 0 with at most 2 decimals.'],
    ['a monthly volume with 3 decimals', { monthlyVolume: '10.005' }, 'Enter an amount greater than 0 with at most 2 decimals.'],
    ['a remark over 500 characters', { remark: 'x'.repeat(501) }, 'This text is too long.'],
  ])('refuses %s with a translated message', async (_name, overrides, message) => {
    const answer = await admin.call('POST', '/api/applications', application('852000100000002', ['S000004'], overrides));
    expect({ status: answer.status, message: answer.body.error?.message }).toEqual({ status: 400, message });
  });

  it('refuses stores of another merchant and merchants of another customer', async () => {
    const [merchant] = await lacking('AMEX');
    const [foreignStore] = await q<{ store_code: string }>("SELECT store_code FROM stores WHERE merchant_no <> $1 ORDER BY store_code LIMIT 1", [merchant?.merchant_no]);
    const store = await admin.call('POST', '/api/applications', application(merchant?.merchant_no as string, [foreignStore?.store_code as string]));
    expect({ status: store.status, code: store.body.error?.code }).toEqual({ status: 422, code: 'STORE_NOT_OF_MERCHANT' });
    const [foreign] = await q<{ merchant_no: string; store_code: string }>(
      "SELECT m.merchant_no, min(s.store_code) AS store_code FROM merchants m JOIN stores s ON s.merchant_no = m.merchant_no WHERE m.customer_no = 'C0002' GROUP BY m.merchant_no ORDER BY m.merchant_no LIMIT 1",
    );
    const before = await q('SELECT count(*)::int AS n FROM service_applications');
    const other = await admin.call('POST', '/api/applications', application(foreign?.merchant_no as string, [foreign?.store_code as string]));
    expect({ status: other.status, code: other.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await q('SELECT count(*)::int AS n FROM service_applications')).toEqual(before);
  });

  it('refuses a closed store of the merchant with its own message, and records nothing', async () => {
    const [closed] = await q<{ merchant_no: string; store_code: string }>(
      "SELECT s.merchant_no, s.store_code FROM stores s JOIN merchants m ON m.merchant_no = s.merchant_no WHERE m.customer_no = 'C0001' AND s.status = 'Inactive' ORDER BY s.store_code LIMIT 1",
    );
    const [open] = await q<{ store_code: string }>("SELECT store_code FROM stores WHERE merchant_no = $1 AND status = 'Active' ORDER BY store_code LIMIT 1", [closed?.merchant_no]);
    const before = await q('SELECT count(*)::int AS n FROM service_applications');
    const answer = await admin.call('POST', '/api/applications', application(closed?.merchant_no as string, [open?.store_code as string, closed?.store_code as string]));
    expect({ status: answer.status, code: answer.body.error?.code, message: answer.body.error?.message }).toEqual({
      status: 422,
      code: 'STORE_INACTIVE',
      message: 'An inactive store cannot take a new payment service. Choose active stores only.',
    });
    expect(await q('SELECT count(*)::int AS n FROM service_applications')).toEqual(before);
  });

  it('refuses other roles, partners and other sites, and shows each customer only its own applications', async () => {
    for (const account of ['assets@demo.test', 'maker@demo.test', 'partner@demo.test']) {
      const answer = await (await browserOf(account)).call('POST', '/api/applications', application('852000100000002', ['S000004']));
      expect({ account, status: answer.status }).toEqual({ account, status: 403 });
    }
    expect((await admin.call('POST', '/api/applications', application('852000100000002', ['S000004']), { origin: 'https://elsewhere.test' })).status).toBe(403);

    const other = await sessionFor('other@demo.test');
    const theirs = await callUpstream(ASSET_CALLS.serviceApplications, { limit: 100 }, other);
    if (!theirs.ok) throw new Error(JSON.stringify(theirs.error));
    const expected = await q<{ application_no: string }>("SELECT application_no FROM service_applications WHERE customer_no = 'C0002' ORDER BY created_at DESC, id DESC");
    expect(theirs.data.data.map((a) => a.applicationNo)).toEqual(expected.map((a) => a.application_no));
    expect(expected.length).toBeGreaterThan(0);
    const options = await callUpstream(ASSET_CALLS.applicableServices, {}, other);
    const ownMerchants = await q<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0002' ORDER BY merchant_no");
    expect(options.ok ? options.data.map((m) => m.merchant_no) : null).toEqual(ownMerchants.map((m) => m.merchant_no));
    expect((await callUpstream(ASSET_CALLS.serviceApplications, {}, await sessionFor('partner@demo.test'))).ok).toBe(false);
  });
});
