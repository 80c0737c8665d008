import { randomUUID } from 'node:crypto';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 600);
  portalEnv(upstream.url);
});
afterAll(() => upstream.stop());

const newAccount = (account: string, overrides: Record<string, unknown> = {}) => ({
  account,
  contactName: 'Lam Siu Fung',
  contactEmail: `${account}@demo.test`,
  contactNumber: '85290001111',
  roleId: 4,
  status: 1,
  jobTitle: 'Cashier',
  department: 'Shop floor',
  appellation: 'MS',
  ...overrides,
});

/** The temporary password the services mailed to a new user. */
async function mailedPassword(email: string) {
  const [mail] = await upstream.client.dev<{ body: string }[]>('GET', '/dev/outbox', { to: email, limit: 1 });
  return /temporary password: (\S+)/.exec(mail?.body ?? '')?.[1] as string;
}

describe('account management through the portal', () => {
  it('creates an account in the administrator\'s organisation; the new user signs in with the mailed password and must change it', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const created = await admin.call<{ ok: boolean; data?: { userId: number } }>('POST', '/api/accounts', newAccount('till.one'));
    expect(created.body.ok).toBe(true);
    const [row] = await upstream.db.query<{ type_no: string; role_id: number; pwd_flag: boolean }>('SELECT type_no, role_id, pwd_flag FROM users WHERE account = $1', ['till.one']);
    expect(row).toEqual({ type_no: 'C0001', role_id: 4, pwd_flag: true });

    const user = new Browser();
    const signedIn = await user.signIn('till.one', await mailedPassword('till.one@demo.test'));
    expect(signedIn.body.data?.redirect).toBe('/FirstLoginUpdPwd');
    expect((await user.call('POST', '/api/gateway/userInfoList', {})).status).toBe(403);
  });

  it.each([
    ['a name under 4 characters', { contactName: 'Lam' }, 'Enter at least 4 characters.'],
    ['a contact number under 8 digits', { contactNumber: '8529000' }, 'Enter a contact number of at least 8 digits.'],
    ['an e-mail address that is not one', { contactEmail: 'till.two.demo.test' }, 'Enter a valid email address.'],
    ['a missing job title', { jobTitle: '  ' }, 'This field is required.'],
    ['role 1', { roleId: 1 }, 'Choose a role from 2 to 8.'],
    ['a sub account without its merchant', { type: 'MERCHANT' }, 'Choose the associated merchant of this sub account.'],
  ])('refuses %s with a translated message', async (_name, overrides, message) => {
    const admin = new Browser();
    await admin.signIn('admin');
    const answer = await admin.call('POST', '/api/accounts', newAccount('till.two', overrides));
    expect({ status: answer.status, message: answer.body.error?.message }).toEqual({ status: 400, message });
  });

  it('translates the services\' refusals: a duplicate name, in the user\'s language', async () => {
    const admin = new Browser('zh-TW');
    await admin.signIn('admin');
    const answer = await admin.call('POST', '/api/accounts', newAccount('maker@demo.test', { contactEmail: 'someone.new@demo.test' }));
    expect({ status: answer.status, body: answer.body.error }).toEqual({ status: 422, body: { code: 'DUPLICATE_ACCOUNT', message: '已有使用此帳戶名稱或電郵地址的帳戶。' } });
  });

  it('refuses account changes to other roles and to other sites', async () => {
    const maker = new Browser();
    await maker.signIn('maker@demo.test');
    expect((await maker.call('POST', '/api/accounts', newAccount('till.three'))).status).toBe(403);
    const admin = new Browser();
    await admin.signIn('admin');
    const crossSite = await admin.call('POST', '/api/accounts', newAccount('till.three'), { origin: 'https://elsewhere.test' });
    expect(crossSite.status).toBe(403);
    expect(await upstream.db.query("SELECT 1 FROM users WHERE account = 'till.three'")).toEqual([]);
  });

  it('ends a deactivated user\'s open session at its next request, in the portal itself', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const user = new Browser();
    await user.signIn('assets@demo.test');
    expect((await user.call('POST', '/api/gateway/userInfoList', {})).status).toBe(200);
    expect(await user.navigate('/dashboard/dashboard')).toEqual({ status: 200, location: null });

    const [assets] = await upstream.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'assets@demo.test'");
    const payload = { userId: assets?.user_id, contactNumber: '85295556666', contactName: 'Ho Wing Sze', contactEmail: 'assets@demo.test', roleId: 8, jobTitle: 'Accountant', department: 'Finance', appellation: 'MS' };
    expect((await admin.call('POST', '/api/accounts/edit', { ...payload, status: 0 })).body.ok).toBe(true);

    // Refused by the portal (not signed in), before any upstream call: the cached session does not outlive the deactivation.
    const next = await user.call('POST', '/api/gateway/userInfoList', {});
    expect({ status: next.status, code: next.body.error?.code }).toEqual({ status: 401, code: 'NOT_SIGNED_IN' });
    expect(user.cookies.has('portal_session')).toBe(false);
    expect((await new Browser().signIn('assets@demo.test')).body.error?.code).toBe('ACCOUNT_INACTIVE');

    // Activated again, the user signs in afresh; the administrator's own session was never touched.
    expect((await admin.call('POST', '/api/accounts/edit', { ...payload, status: 1 })).body.ok).toBe(true);
    const again = new Browser();
    expect((await again.signIn('assets@demo.test')).status).toBe(200);
    expect((await again.call('POST', '/api/gateway/userInfoList', {})).status).toBe(200);
  });

  it('records an export of a list in the activity log once, with its file, rows and outcome, as the user who made it', async () => {
    const maker = new Browser();
    await maker.signIn('maker@demo.test');
    const [{ id: before } = { id: 0 }] = await upstream.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM activity_log');
    let exportTotal = 0;
    // Behind one proxy that writes the client's address (with none, the portal believes no forwarded header and records the TCP peer's).
    process.env.TRUSTED_PROXY_HOPS = '1';
    try {
      const response = await maker.open(`/api/export/transactions?format=csv&id=${randomUUID()}`, { headers: { 'x-forwarded-for': '198.51.100.23' } });
      await response.text();
      exportTotal = Number(response.headers.get('x-export-total'));
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
    }
    const entries = await upstream.db.query<{ action: string; account: string; target: string; outcome: string; ip: string; detail: { rows: number; format: string } }>(
      'SELECT action, account, target, outcome, ip, detail FROM activity_log WHERE id > $1 AND action = $2', [before, 'file.export'],
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ account: 'maker@demo.test', outcome: 'success', ip: '198.51.100.23', detail: { format: 'csv' } });
    expect(entries[0]?.target).toMatch(/^transactions_\d{8}_\d{8}\.csv$/);
    expect(entries[0]?.detail.rows).toBe(exportTotal);
    expect(entries[0]?.detail.rows).toBeGreaterThan(0);
  });
});
