import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

const INSERT = '/sso/api/v1/user/insertAccount';
const EDIT = '/sso/api/v1/user/updateCustomerUserInfo';
const LIST = '/sso/api/v1/user/getCustomerUserAccounts';
const EXPORT = '/sso/api/v1/user/exportAccounts';
const LOG = '/sso/api/v1/activity/getActivityLog';
const RECORD = '/sso/api/v1/activity/recordFile';

interface Outcome {
  success?: number;
  code?: string;
  userId?: number;
  error?: { code: string; params?: { issues?: { path: string }[] } };
}
interface LogEntry {
  id: number;
  createdAt: string;
  userId: number | null;
  account: string;
  action: string;
  target: string;
  ip: string;
  outcome: string;
}
interface LogPage {
  data: LogEntry[];
  total: number;
  totalPage: number;
  currPage: number;
}

let serial = 0;
/** A valid new-account payload of the first customer, unique each time. */
function newAccount(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const name = `cashier${serial}${Math.random().toString(36).slice(2, 6)}`;
  return {
    account: name,
    typeNo: 'C0001',
    roleId: 4,
    name: 'Cashier account',
    contactName: 'Chan Tai Man',
    contactEmail: `${name}@demo.test`,
    contactNumber: '85291234567',
    status: 1,
    jobTitle: 'Cashier',
    department: 'Front office',
    appellation: 'MR',
    ...overrides,
  };
}

describe.each(DATABASES)('accounts and the activity log on %s', (database) => {
  let upstream: TestUpstream;
  let admin: string;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
    admin = (await upstream.client.login('admin')).token;
  });
  afterAll(() => upstream.stop());

  const call = <T = Outcome>(method: string, path: string, input: object, token = admin) => upstream.client.call<T>(method, path, input, { token });
  const lastLogId = async () => (await upstream.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM activity_log'))[0]?.id ?? 0;
  const entriesSince = (id: number) =>
    upstream.db.query<{ action: string; account: string; target: string; outcome: string; ip: string; user_id: number | null }>(
      'SELECT action, account, target, outcome, ip, user_id FROM activity_log WHERE id > $1 ORDER BY id',
      [id],
    );
  const userIdOf = async (account: string) => (await upstream.db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [account]))[0]?.user_id as number;
  const mailTo = async (to: string) => (await upstream.client.dev<{ body: string; subject: string }[]>('GET', '/dev/outbox', { to, limit: 1 }))[0];
  const editPayload = (userId: number, overrides: Record<string, unknown> = {}) => ({
    userId, contactNumber: '85291234567', contactName: 'Chan Tai Man', contactEmail: `edited${userId}@demo.test`, roleId: 4, status: 1, jobTitle: 'Cashier', department: 'Front office', appellation: 'MS', ...overrides,
  });

  describe('the account form, at each boundary', () => {
    it.each(['contactNumber', 'contactName', 'contactEmail', 'roleId', 'jobTitle', 'department', 'appellation', 'typeNo', 'account'])('refuses a new account without %s', async (field) => {
      const payload = Object.fromEntries(Object.entries(newAccount()).filter(([key]) => key !== field));
      const answer = await call('POST', INSERT, payload);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.params?.issues?.map((issue) => issue.path)).toContain(field);
    });

    it.each([
      ['a contact name of 3 characters', { contactName: 'Kit' }, 400],
      ['an account name of 3 characters', { account: 'abc' }, 400],
      ['a contact number of 7 digits', { contactNumber: '8529123' }, 400],
      ['an e-mail address that is not one', { contactEmail: 'cashier.demo.test' }, 400],
      ['role 1, which only the administrator holds', { roleId: 1 }, 400],
      ['a role beyond 8', { roleId: 9 }, 400],
      ['another organisation as the main account', { typeNo: 'C0002' }, 403],
    ])('refuses %s', async (_name, overrides, status) => {
      const payload = newAccount(overrides);
      const answer = await call('POST', INSERT, payload);
      expect(answer.status).toBe(status);
      expect(await upstream.db.query('SELECT 1 FROM users WHERE lower(contact_email) = lower($1)', [payload.contactEmail])).toEqual([]);
    });

    it('accepts a contact name and an account name of 4 characters and a contact number of 8 digits', async () => {
      const account = `ab${serial++}`.padEnd(4, 'x').slice(0, 4);
      const answer = await call('POST', INSERT, newAccount({ account, contactName: 'Kitt', contactNumber: '85291234' }));
      expect(answer.body).toMatchObject({ success: 0 });
      expect(await userIdOf(account)).toBe(answer.body.userId);
    });

    it('refuses a duplicate account name or e-mail address, in any case', async () => {
      const first = newAccount();
      expect((await call('POST', INSERT, first)).body.success).toBe(0);
      expect((await call('POST', INSERT, newAccount({ account: first.account.toUpperCase() }))).body).toMatchObject({ success: 1, code: 'DUPLICATE_ACCOUNT' });
      expect((await call('POST', INSERT, newAccount({ contactEmail: first.contactEmail.toUpperCase() }))).body).toMatchObject({ success: 1, code: 'DUPLICATE_ACCOUNT' });
    });

    it('needs an associated merchant of the organisation for a sub account, and gives a merchant one account only', async () => {
      const [own, foreign] = await Promise.all(
        ['C0001', 'C0002'].map(async (customer) => (await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants m WHERE customer_no = $1 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.type = 'MERCHANT' AND u.type_no = m.merchant_no) ORDER BY 1 LIMIT 1", [customer]))[0]?.merchant_no),
      );
      expect((await call('POST', INSERT, newAccount({ type: 'MERCHANT' }))).body).toMatchObject({ success: 1, code: 'MERCHANT_REQUIRED' });
      expect((await call('POST', INSERT, newAccount({ type: 'MERCHANT', merchantNo: foreign }))).body).toMatchObject({ success: 1, code: 'MERCHANT_REQUIRED' });
      expect((await call('POST', INSERT, newAccount({ type: 'MERCHANT', merchantNo: own }))).body).toMatchObject({ success: 0 });
      expect((await call('POST', INSERT, newAccount({ type: 'MERCHANT', merchantNo: own }))).body).toMatchObject({ success: 1, code: 'MERCHANT_HAS_ACCOUNT' });
    });

    it('applies the same rules to an edit, and edits only accounts of the organisation', async () => {
      const created = await call('POST', INSERT, newAccount());
      const userId = created.body.userId as number;
      expect((await call('POST', EDIT, editPayload(userId, { contactName: 'Kit' }))).status).toBe(400);
      expect((await call('POST', EDIT, editPayload(userId, { contactNumber: '8529123' }))).status).toBe(400);
      expect((await call('POST', EDIT, editPayload(userId, { contactEmail: 'nope' }))).status).toBe(400);
      expect((await call('POST', EDIT, editPayload(userId, { jobTitle: '' }))).status).toBe(400);
      expect((await call('POST', EDIT, editPayload(userId, { contactEmail: 'maker@demo.test' }))).body).toMatchObject({ success: 1, code: 'DUPLICATE_EMAIL' });
      expect((await call('POST', EDIT, editPayload(userId, { contactName: 'Kitt' }))).body).toMatchObject({ success: 0 });
      const otherCustomers = await userIdOf('other-maker@demo.test');
      expect((await call('POST', EDIT, editPayload(otherCustomers))).status).toBe(404);
    });
  });

  it('refuses every account call to a role other than 1, and to a partner administrator', async () => {
    const target = await userIdOf('viewer@demo.test');
    for (const account of ['maker@demo.test', 'checker@demo.test', 'viewer@demo.test', 'partner@demo.test']) {
      const { token } = await upstream.client.login(account);
      const answers = await Promise.all([
        call('POST', INSERT, newAccount(), token),
        call('POST', EDIT, editPayload(target, { status: 0 }), token),
        call('GET', LIST, {}, token),
        call('GET', EXPORT, {}, token),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    }
    expect((await upstream.db.query<{ status: number }>('SELECT status FROM users WHERE user_id = $1', [target]))[0]?.status).toBe(1);
  });

  it('mails the new user a temporary password, and a management password to roles that have one; both must be changed', async () => {
    const maker = newAccount({ roleId: 4 });
    const checker = newAccount({ roleId: 3 });
    expect((await call('POST', INSERT, maker)).body.success).toBe(0);
    expect((await call('POST', INSERT, checker)).body.success).toBe(0);
    const makerMail = (await mailTo(maker.contactEmail))?.body ?? '';
    const checkerMail = (await mailTo(checker.contactEmail))?.body ?? '';
    const temporary = /temporary password: (\S+)/.exec(makerMail)?.[1] as string;
    expect(temporary).toBeTruthy();
    expect(makerMail).not.toMatch(/management password/);
    expect(checkerMail).toMatch(/management password: \S+/);
    const signedIn = await upstream.client.call<[{ pwdFlag: number; opPwdFlag: number; loginType: string }]>('POST', '/sso/api/v1/login', { username: maker.account, password: temporary });
    expect(signedIn.body[0]).toMatchObject({ pwdFlag: 1, opPwdFlag: 0, loginType: 'EPA_use_temp_password' });
    const checkerSession = await upstream.client.call<[{ pwdFlag: number; opPwdFlag: number }]>('POST', '/sso/api/v1/login', {
      username: checker.account, password: /temporary password: (\S+)/.exec(checkerMail)?.[1],
    });
    expect(checkerSession.body[0]).toMatchObject({ pwdFlag: 1, opPwdFlag: 1 });
  });

  it('ends a deactivated user\'s sessions at its next call, refuses its sign-in, and lets it back once activated', async () => {
    const { token, userId } = await upstream.client.login('wxali@demo.test');
    const [before] = await upstream.db.query<Record<string, unknown>>('SELECT contact_number, contact_name, contact_email, role_id, job_title, department, appellation FROM users WHERE user_id = $1', [userId]);
    const payload = {
      userId, contactNumber: before?.contact_number, contactName: before?.contact_name, contactEmail: before?.contact_email, roleId: before?.role_id,
      jobTitle: before?.job_title, department: before?.department, appellation: before?.appellation,
    };
    expect((await call('POST', '/sso/api/v1/menu', {}, token)).status).toBe(200);
    expect((await call('POST', EDIT, { ...payload, status: 0 })).body.success).toBe(0);
    const next = await call('POST', '/sso/api/v1/menu', {}, token);
    expect({ status: next.status, code: next.body.error?.code }).toEqual({ status: 401, code: 'TOKEN_EXPIRED' });
    const refused = await upstream.client.call<Outcome>('POST', '/sso/api/v1/login', { username: 'wxali@demo.test', password: 'Portal#2026' });
    expect(refused.body.error?.code).toBe('ACCOUNT_INACTIVE');
    expect((await call('POST', EDIT, { ...payload, status: 1 })).body.success).toBe(0);
    expect((await upstream.client.login('wxali@demo.test')).token).toBeTruthy();
  });

  describe('the activity log', () => {
    it('writes exactly one entry for each state change, with who, what, where from and the outcome', async () => {
      const forwarded = { 'x-forwarded-for': '203.0.113.7' };
      // Only the step's own call carries this address; what a step needs on the side is sent without it.
      const send = async (method: string, path: string, input: object, token?: string) => {
        const en = (await import('@/lib/wire/envelope')).sealPayload(input, 'integration-test-payload-key');
        const headers: Record<string, string> = { 'content-type': 'application/json', ...forwarded, ...(token ? { 'x-eftpay-token': token } : {}) };
        const response = method === 'POST'
          ? await fetch(`${upstream.url}${path}`, { method, headers, body: JSON.stringify({ en }) })
          : await fetch(`${upstream.url}${path}?en=${encodeURIComponent(en)}`, { method, headers });
        return { status: response.status, body: (await response.text().then((text) => { try { return JSON.parse(text); } catch { return text; } })) as Outcome & [{ xEftpayToken: string; id: number }] };
      };
      const created = newAccount({ roleId: 4 });
      const sale = (await upstream.db.query<{ merchant_no: string; order_no: string; trans_amount: string }>(
        `SELECT merchant_no, order_no, trans_amount FROM transactions t WHERE customer_no = 'C0001' AND category = 'SALE' AND trans_amount > 50
           AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.original_id = t.id) AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = t.id)
         ORDER BY id DESC LIMIT 3`,
      ));
      const maker = (await upstream.client.login('maker@demo.test')).token;
      const checker = (await upstream.client.login('checker@demo.test')).token;
      const refundInput = (index: number) => ({ merchantNo: sale[index]?.merchant_no, alipayOrder: sale[index]?.order_no, reason: 'Returned', reasonType: 'RETURN', refundAmount: '1.00' });
      const requested = async (index: number) => (await call<{ refundId: number }>('POST', '/transaction/api/v1/refund/epaRefunds', refundInput(index), maker)).body.refundId;

      const actions: [string, string, () => Promise<unknown>][] = [
        ['login', 'success', () => send('POST', '/sso/api/v1/login', { username: 'assets@demo.test', password: 'Portal#2026' })],
        ['login.failed', 'refused', () => send('POST', '/sso/api/v1/login', { username: 'assets@demo.test', password: 'Wrong#2026' })],
        ['logout', 'success', async () => send('POST', '/sso/api/v1/logout', {}, (await upstream.client.login('assets@demo.test')).token)],
        ['account.create', 'success', () => send('POST', INSERT, created, admin)],
        ['account.edit', 'success', async () => send('POST', EDIT, { ...editPayload(await userIdOf(created.account)), contactEmail: created.contactEmail }, admin)],
        ['account.deactivate', 'success', async () => send('POST', EDIT, { ...editPayload(await userIdOf(created.account)), contactEmail: created.contactEmail, status: 0 }, admin)],
        ['account.activate', 'success', async () => send('POST', EDIT, { ...editPayload(await userIdOf(created.account)), contactEmail: created.contactEmail, status: 1 }, admin)],
        ['contact.update', 'success', async () => {
          const viewer = await upstream.client.login('viewer@demo.test');
          return send('POST', '/sso/api/v1/user/updateContactNumber', { contactNumber: '85298765432', userId: viewer.userId }, viewer.token);
        }],
        ['password.change', 'success', async () => {
          const wx = await upstream.client.login('wxali@demo.test');
          return send('POST', '/sso/api/v1/user/changePassword', { userId: wx.userId, oldPassword: 'Portal#2026', newPassword: 'Wxali#Change2027', type: 1 }, wx.token);
        }],
        ['password.reset', 'success', async () => {
          await call('POST', '/sso/api/v1/user/sendResetPwdEmail', { email: 'assets@demo.test', username: 'assets@demo.test', lang: 'en' });
          const link = /\/reset\/([\w-]+)\//.exec((await mailTo('assets@demo.test'))?.body ?? '')?.[1];
          return send('POST', '/sso/api/v1/user/updateEmailDeleted', { randomId: link, newPassword: 'Assets#Reset2027' });
        }],
        ['refund.request', 'success', () => send('POST', '/transaction/api/v1/refund/epaRefunds', refundInput(0), maker)],
        ['refund.cancel', 'success', async () => send('DELETE', '/transaction/api/v1/refund/epaRefunds', { refundId: await requested(1) }, maker)],
        ['refund.approve', 'success', async () => send('POST', '/transaction/api/v1/postRefundApprovals', { refundArray: [await requested(2)], result: 'approve', password: 'Portal#2026' }, checker)],
        ['file.export', 'success', () => send('GET', EXPORT, {}, admin)],
        ['file.download', 'cancelled', () => send('POST', RECORD, { action: 'file.download', target: 'transactions.xlsx', outcome: 'cancelled', format: 'xlsx', rows: 12 }, maker)],
      ];
      for (const [action, outcome, act] of actions) {
        // Sign-ins and requests the step needs on the side are made without the forwarded address.
        const before = await lastLogId();
        await act();
        const written = (await entriesSince(before)).filter((entry) => entry.ip === '203.0.113.7');
        expect({ action, entries: written.map((entry) => [entry.action, entry.outcome]) }).toEqual({ action, entries: [[action, outcome]] });
      }
    });

    it('writes the lockout once, when the tenth failure locks the account', async () => {
      const before = await lastLogId();
      for (let i = 0; i < 10; i++) await upstream.client.call('POST', '/sso/api/v1/login', { username: 'other-checker@demo.test', password: `Wrong#${i}` });
      const entries = await entriesSince(before);
      expect(entries.filter((entry) => entry.action === 'login.locked')).toHaveLength(1);
      expect(entries.filter((entry) => entry.action === 'login.failed')).toHaveLength(9);
    });

    it('commits a change and its entry together or not at all', async () => {
      // A log that cannot take account entries: the account must not be created either.
      await upstream.db.exec(`CREATE FUNCTION refuse_account_entries() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.action = 'account.create' THEN RAISE EXCEPTION 'log unavailable'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER refuse_account_entries BEFORE INSERT ON activity_log FOR EACH ROW EXECUTE FUNCTION refuse_account_entries();`);
      try {
        const payload = newAccount();
        expect((await call('POST', INSERT, payload)).status).toBe(500);
        expect(await upstream.db.query('SELECT 1 FROM users WHERE account = $1', [payload.account])).toEqual([]);
        expect(await upstream.db.query('SELECT 1 FROM outbox WHERE to_address = $1', [payload.contactEmail])).toEqual([]);
      } finally {
        await upstream.db.exec('DROP TRIGGER refuse_account_entries ON activity_log; DROP FUNCTION refuse_account_entries();');
      }
      // A change that fails after its entry was written leaves no entry.
      await upstream.db.exec(`CREATE FUNCTION refuse_contact() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'users unavailable'; END $$;
        CREATE TRIGGER refuse_contact AFTER INSERT ON activity_log FOR EACH ROW WHEN (NEW.action = 'contact.update') EXECUTE FUNCTION refuse_contact();`);
      try {
        const viewer = await upstream.client.login('viewer@demo.test');
        const before = await lastLogId();
        expect((await call('POST', '/sso/api/v1/user/updateContactNumber', { contactNumber: '85291110000', userId: viewer.userId }, viewer.token)).status).toBe(500);
        expect((await entriesSince(before)).filter((entry) => entry.action === 'contact.update')).toEqual([]);
        expect((await upstream.db.query<{ pending: string | null }>('SELECT pending_contact_number AS pending FROM users WHERE user_id = $1', [viewer.userId]))[0]?.pending).not.toBe('85291110000');
      } finally {
        await upstream.db.exec('DROP TRIGGER refuse_contact ON activity_log; DROP FUNCTION refuse_contact();');
      }
    });

    it('refuses to change or remove an entry, in the database itself', async () => {
      await expect(upstream.db.query("UPDATE activity_log SET action = 'login' WHERE id = (SELECT max(id) FROM activity_log)")).rejects.toThrow(/append-only/);
      await expect(upstream.db.query('DELETE FROM activity_log WHERE id = (SELECT max(id) FROM activity_log)')).rejects.toThrow(/append-only/);
    });

    it('lets a portal record only file actions, as the signed-in user', async () => {
      const { token, userId } = await upstream.client.login('maker@demo.test');
      expect((await call('POST', RECORD, { action: 'account.create', target: 'someone' }, token)).status).toBe(400);
      const before = await lastLogId();
      expect((await call('POST', RECORD, { action: 'file.export', target: 'transactions.csv', format: 'csv', rows: 3, userId: 1, account: 'admin' }, token)).status).toBe(200);
      expect((await entriesSince(before)).map((entry) => [entry.action, entry.user_id, entry.account])).toEqual([['file.export', userId, 'maker@demo.test']]);
    });

    it('shows the administrator its organisation, every other role its own entries, and another customer nothing of the first', async () => {
      const maker = await upstream.client.login('maker@demo.test');
      const ofAdmin = await call<LogPage>('GET', LOG, { limit: 1000 });
      const ofMaker = await call<LogPage>('GET', LOG, { limit: 1000 }, maker.token);
      const other = await upstream.client.login('other@demo.test');
      const ofOther = await call<LogPage>('GET', LOG, { limit: 1000 }, other.token);
      const firstCustomer = new Set((await upstream.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE type_no = 'C0001' OR type_no IN (SELECT merchant_no FROM merchants WHERE customer_no = 'C0001')")).map((row) => row.user_id));
      expect(ofAdmin.body.data.some((entry) => entry.account === 'maker@demo.test')).toBe(true);
      expect(ofAdmin.body.data.every((entry) => firstCustomer.has(entry.userId as number))).toBe(true);
      expect(new Set(ofMaker.body.data.map((entry) => entry.account))).toEqual(new Set(['maker@demo.test']));
      expect(ofOther.body.data.length).toBeGreaterThan(0);
      expect(ofOther.body.data.filter((entry) => firstCustomer.has(entry.userId as number))).toEqual([]);
      const accounts = await call<{ data: { userId: number; account: string }[] }>('GET', LIST, { limit: 100 }, other.token);
      expect(accounts.body.data.map((row) => row.account)).toContain('other@demo.test');
      expect(accounts.body.data.filter((row) => firstCustomer.has(row.userId))).toEqual([]);
      const firstAccounts = new Set((await upstream.db.query<{ account: string }>('SELECT account FROM users WHERE user_id = ANY($1)', [[...firstCustomer]])).map((row) => row.account));
      const exported = await call<string>('GET', EXPORT, {}, other.token);
      const exportedAccounts = exported.body.split('\r\n').slice(1).map((line) => line.split(',')[0]);
      expect(exportedAccounts).toContain('other@demo.test');
      expect(exportedAccounts.filter((account) => firstAccounts.has(account as string))).toEqual([]);
    });

    it('filters by user, action and time, pages and sorts on the server, and refuses a span over 366 days', async () => {
      const all = await call<LogPage>('GET', LOG, { limit: 1000, action: 'login,logout' });
      expect(all.body.data.length).toBeGreaterThan(2);
      expect(new Set(all.body.data.map((entry) => entry.action))).toEqual(new Set(['login', 'logout']));
      const page2 = await call<LogPage>('GET', LOG, { limit: 2, page: 2, action: 'login,logout' });
      expect(page2.body).toMatchObject({ total: all.body.total, currPage: 2, totalPage: Math.ceil(all.body.total / 2) });
      expect(page2.body.data.map((entry) => entry.id)).toEqual(all.body.data.slice(2, 4).map((entry) => entry.id));
      const byUser = await call<LogPage>('GET', LOG, { limit: 1000, userName: 'MAKER@' });
      expect(new Set(byUser.body.data.map((entry) => entry.account))).toEqual(new Set(['maker@demo.test']));
      // Ties are broken by the entry's id in the same direction: one order is exactly the other reversed.
      const ascending = await call<LogPage>('GET', LOG, { limit: 1000, sort: 'account', order: 'asc' });
      const descending = await call<LogPage>('GET', LOG, { limit: 1000, sort: 'account', order: 'desc' });
      expect(new Set(ascending.body.data.map((entry) => entry.account)).size).toBeGreaterThan(2);
      expect(ascending.body.data.map((entry) => entry.id)).toEqual(descending.body.data.map((entry) => entry.id).reverse());
      const future = await call<LogPage>('GET', LOG, { timeFrom: '20990101000000', timeTo: '20990102235959' });
      expect(future.body.total).toBe(0);
      expect((await call('GET', LOG, { timeFrom: '20250101000000', timeTo: '20260103000000' })).body.error?.code).toBe('SPAN_TOO_LONG');
      expect((await call('GET', LOG, { timeFrom: '20250101000000', timeTo: '20260102000000' })).status).toBe(200);
      expect((await call('GET', LOG, { action: 'login,sudo' })).status).toBe(400);
    });
  });
});
