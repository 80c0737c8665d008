import { randomUUID } from 'node:crypto';
import { encryptText, sealPayload } from '@/lib/wire/envelope';
import { endpointsFor } from '@/upstream/endpoints';
import { currentCode } from '@/upstream/rules/factor-secrets';
import { DEMO_FACTOR_ACCOUNT, DEMO_FACTOR_SECRET } from '@/upstream/seed/reference-data';
import { SoftPasskey } from '../../support/soft-passkey';
import { DATABASES, startTestUpstream, TEST_KEY, type TestUpstream } from './harness';

interface Session {
  token: string;
  userId: number;
}

interface Case {
  /** Who calls; null for public calls. */
  user: string | null;
  good: (context: { session: Session; upstream: TestUpstream }) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A field whose absence is refused (omit when the call has no required field). */
  required?: string;
  /** A field and a value of the wrong type. */
  wrongType?: [string, unknown];
  /** The good call ends the caller's session (a sign-out, a renewal), so its tests sign in afresh rather than share one. */
  endsSession?: true;
}

/** A notice of the seed: the first for everyone, or the important one. */
const noticeId = async (upstream: TestUpstream, where: 'customer_no IS NULL' | 'important') =>
  (await upstream.db.query<{ id: number }>(`SELECT min(id)::int AS id FROM notifications WHERE ${where}`))[0]?.id;
/** A payment request of the first customer's first store that can take payments. */
const paymentRequest = async (upstream: TestUpstream) => {
  const [store] = await upstream.db.query<{ merchant_no: string; store_code: string }>(
    `SELECT s.merchant_no, s.store_code FROM stores s JOIN merchants m ON m.merchant_no = s.merchant_no
      WHERE m.customer_no = 'C0001' AND s.status = 'Active' AND m.status = 'Active' ORDER BY s.store_code LIMIT 1`,
  );
  return { merchantNo: store?.merchant_no, storeCode: store?.store_code, amount: '10.00', expiresInMinutes: 60, requestKey: randomUUID() };
};
const PDF_BASE64 = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1').toString('base64');

const sale = async (upstream: TestUpstream) =>
  (await upstream.db.query<{ merchant_no: string; order_no: string }>(
    `SELECT merchant_no, order_no FROM transactions t WHERE customer_no = 'C0001' AND category = 'SALE'
       AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.original_id = t.id) AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.transaction_id = t.id)
     ORDER BY id DESC LIMIT 1 OFFSET $1`,
    [Math.floor(Math.random() * 50)],
  ))[0] as { merchant_no: string; order_no: string };
const pendingRefund = async (upstream: TestUpstream, requester: string) =>
  (await upstream.db.query<{ refund_id: number }>(
    "SELECT r.refund_id FROM refunds r JOIN users u ON u.user_id = r.apply_user_id WHERE r.approve_status = '10' AND u.account = $1 ORDER BY refund_id LIMIT 1",
    [requester],
  ))[0]?.refund_id;

/** A merchant of the user's customers (a partner's through its customers). */
const ownMerchant = async (upstream: TestUpstream, account: string) =>
  (await upstream.db.query<{ merchant_no: string }>(
    `SELECT m.merchant_no FROM merchants m JOIN customers c ON c.customer_no = m.customer_no JOIN users u ON u.account = $1
      WHERE (u.type = 'PARTNER' AND c.partner_no = u.type_no) OR (u.type <> 'PARTNER' AND c.customer_no = u.type_no)
      ORDER BY m.merchant_no LIMIT 1`,
    [account],
  ))[0]?.merchant_no;

/** A row of `table` (settlement_files, remittances) within the user's customers (a partner's through its customers). */
const ownRow = async (upstream: TestUpstream, table: 'settlement_files' | 'remittances', column: 'file_id' | 'id', account: string) =>
  (await upstream.db.query<Record<string, string | number>>(
    `SELECT x.${column} AS value FROM ${table} x JOIN customers c ON c.customer_no = x.customer_no JOIN users u ON u.account = $1
      WHERE (u.type = 'PARTNER' AND c.partner_no = u.type_no) OR (u.type <> 'PARTNER' AND c.customer_no = u.type_no)
      ORDER BY x.${column} LIMIT 1`,
    [account],
  ))[0]?.value;
const settlementCases = (suffix: string, user: string): Record<string, Case> => ({
  [`GET /api/Settlement/GetSettleFileList${suffix}`]: { user, good: () => ({ page: 1, limit: 10 }), wrongType: ['walletsOnly', 'maybe'] },
  [`POST /api/Settlement/GetSettleFileDetail${suffix}`]: {
    user,
    good: async ({ upstream }) => ({ file_id: await ownRow(upstream, 'settlement_files', 'file_id', user), page: 1, limit: 10 }),
    required: 'file_id',
    wrongType: ['file_id', 42],
  },
  [`GET /api/Settlement/ExportSettleFileDetail${suffix}`]: {
    user,
    good: async ({ upstream }) => ({ file_id: await ownRow(upstream, 'settlement_files', 'file_id', user), limit: 100 }),
    required: 'file_id',
    wrongType: ['limit', 'many'],
  },
  [`GET /api/Settlement/GetRemitList${suffix}`]: { user, good: () => ({ page: 1, limit: 10 }), wrongType: ['walletsOnly', 'maybe'] },
  [`POST /api/Settlement/GetRemitDetail${suffix}`]: {
    user,
    good: async ({ upstream }) => ({ id: Number(await ownRow(upstream, 'remittances', 'id', user)) }),
    required: 'id',
    wrongType: ['id', 'one'],
  },
});

/** The second factor's calls (issue 26) use the second customer's maker (authenticator) and checker (passkeys). */
const TOTP_USER = 'other-maker@demo.test';
const PASSKEY_USER = 'other-checker@demo.test';
const codeAt = (upstream: TestUpstream, secret: string, secondsAhead = 0) => currentCode(secret, upstream.clock.now().getTime() + secondsAhead * 1000);
/** The session's user with a new authenticator (set up and confirmed now); answers a code of the next step, unused. */
async function freshlyEnrolled(upstream: TestUpstream, session: Session) {
  await upstream.db.query('DELETE FROM factor_totp WHERE user_id = $1', [session.userId]);
  const { secret } = (await upstream.client.call<{ secret: string }>('POST', '/sso/api/v1/factor/totp/start', {}, { token: session.token })).body;
  await upstream.client.call('POST', '/sso/api/v1/factor/totp/confirm', { code: codeAt(upstream, secret) }, { token: session.token });
  return { code: codeAt(upstream, secret, 30) };
}
/** A new passkey of `account`, stored as its registration would store it. */
async function storedPasskey(upstream: TestUpstream, account: string) {
  const passkey = new SoftPasskey('portal.test', 'http://portal.test');
  const [row] = await upstream.db.query<{ id: number }>(
    "INSERT INTO factor_passkeys (user_id, credential_id, public_key, name, created_at) SELECT user_id, $2, $3, 'Contract key', now() FROM users WHERE account = $1 RETURNING id",
    [account, passkey.id, Buffer.from(passkey.cosePublicKey()).toString('base64url')],
  );
  return { passkey, id: row?.id as number };
}
const challengeOf = async (upstream: TestUpstream, path: string, input: Record<string, unknown>, token?: string) =>
  (await upstream.client.call<{ options: { challenge: string } }>('POST', path, input, token ? { token } : {})).body.options.challenge;

const FACTOR_CASES: Record<string, Case> = {
  'POST /sso/api/v1/login/secondStep': {
    user: null,
    good: async ({ upstream }) => ({
      ticket: (await upstream.client.call<{ secondStep: { ticket: string } }>('POST', '/sso/api/v1/login', { username: DEMO_FACTOR_ACCOUNT, password: 'Portal#2026' })).body.secondStep.ticket,
      code: codeAt(upstream, DEMO_FACTOR_SECRET),
    }),
    required: 'ticket',
    wrongType: ['trustDevice', 'yes'],
  },
  'POST /sso/api/v1/login/passkeyOptions': { user: null, good: () => ({}), wrongType: ['ticket', 7] },
  'POST /sso/api/v1/login/passkey': {
    user: null,
    good: async ({ upstream }) => {
      const { passkey } = await storedPasskey(upstream, PASSKEY_USER);
      return { assertion: passkey.assert(await challengeOf(upstream, '/sso/api/v1/login/passkeyOptions', {})) };
    },
    required: 'assertion',
    wrongType: ['trustDevice', 'yes'],
  },
  'GET /sso/api/v1/factor/status': { user: PASSKEY_USER, good: () => ({}) },
  'POST /sso/api/v1/factor/totp/start': {
    user: TOTP_USER,
    good: async ({ upstream, session }) => {
      await upstream.db.query('DELETE FROM factor_totp WHERE user_id = $1', [session.userId]);
      return {};
    },
  },
  'POST /sso/api/v1/factor/totp/confirm': {
    user: TOTP_USER,
    good: async ({ upstream, session }) => {
      await upstream.db.query('DELETE FROM factor_totp WHERE user_id = $1', [session.userId]);
      const { secret } = (await upstream.client.call<{ secret: string }>('POST', '/sso/api/v1/factor/totp/start', {}, { token: session.token })).body;
      return { code: codeAt(upstream, secret) };
    },
    required: 'code',
    wrongType: ['code', 123456],
  },
  'POST /sso/api/v1/factor/totp/remove': { user: TOTP_USER, good: ({ upstream, session }) => freshlyEnrolled(upstream, session), wrongType: ['code', 123456] },
  'POST /sso/api/v1/factor/recovery/regenerate': { user: TOTP_USER, good: ({ upstream, session }) => freshlyEnrolled(upstream, session), wrongType: ['recoveryCode', 12345] },
  'POST /sso/api/v1/factor/passkey/registerOptions': { user: PASSKEY_USER, good: () => ({}) },
  'POST /sso/api/v1/factor/passkey/register': {
    user: PASSKEY_USER,
    good: async ({ upstream, session }) => ({
      name: 'Contract key',
      response: new SoftPasskey('portal.test', 'http://portal.test').register(await challengeOf(upstream, '/sso/api/v1/factor/passkey/registerOptions', {}, session.token)),
    }),
    required: 'response',
    wrongType: ['name', 5],
  },
  'POST /sso/api/v1/factor/passkey/rename': {
    user: PASSKEY_USER,
    good: async ({ upstream }) => ({ id: (await storedPasskey(upstream, PASSKEY_USER)).id, name: 'Renamed key' }),
    required: 'name',
    wrongType: ['id', 'one'],
  },
  'POST /sso/api/v1/factor/passkey/remove': {
    user: PASSKEY_USER,
    good: async ({ upstream, session }) => {
      const { passkey, id } = await storedPasskey(upstream, PASSKEY_USER);
      return { id, assertion: passkey.assert(await challengeOf(upstream, '/sso/api/v1/factor/passkey/challenge', {}, session.token)) };
    },
    required: 'id',
    wrongType: ['id', 'one'],
  },
  'POST /sso/api/v1/factor/passkey/challenge': { user: PASSKEY_USER, good: () => ({}) },
  'POST /sso/api/v1/factor/device/remove': {
    user: PASSKEY_USER,
    good: async ({ upstream, session }) => {
      const [row] = await upstream.db.query<{ id: number }>(
        "INSERT INTO device_tokens (token_hash, user_id, kind, label, created_at, expires_at) VALUES ($1, $2, 'trusted', 'Contract browser', now(), now() + interval '1 day') RETURNING id",
        [randomUUID(), session.userId],
      );
      return { id: row?.id };
    },
    required: 'id',
    wrongType: ['id', 'x'],
  },
  'POST /sso/api/v1/factor/remember': { user: PASSKEY_USER, good: () => ({ label: 'Contract browser' }), wrongType: ['label', 5] },
  'POST /sso/api/v1/factor/policy': { user: 'admin', good: () => ({ policy: 'none' }), required: 'policy', wrongType: ['policy', 'some'] },
  'POST /sso/api/v1/factor/reset': {
    user: 'admin',
    good: async ({ upstream }) => ({ userId: (await upstream.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'viewer@demo.test'"))[0]?.user_id }),
    required: 'userId',
    wrongType: ['userId', 'me'],
  },
};

const dashboard: Case = { user: 'admin', good: () => ({}), wrongType: ['gmtPaymentFrom', 20261121] };
const partnerDashboard: Case = { user: 'partner@demo.test', good: () => ({}), wrongType: ['gmtPaymentFrom', 20261121] };
const unique = () => Math.random().toString(36).slice(2, 8);

/** One case per call; the suite fails when a registered call has none. */
const CASES: Record<string, Case> = {
  ...FACTOR_CASES,
  'POST /sso/api/v1/login': { user: null, good: () => ({ username: 'viewer@demo.test', password: 'Portal#2026' }), required: 'username', wrongType: ['password', 42] },
  'POST /sso/api/v1/login/external/token': {
    user: null,
    good: async ({ upstream }) => ({ token: (await upstream.client.dev<{ token: string }>('POST', '/dev/sso-token', { account: 'viewer@demo.test' })).token }),
    required: 'token',
    wrongType: ['token', ['x']],
  },
  'GET /sso/api/v2/login/external/token/renew': { user: 'viewer@demo.test', good: () => ({}), endsSession: true },
  'POST /sso/api/v1/logout': { user: 'viewer@demo.test', good: () => ({}), endsSession: true },
  'POST /sso/api/v1/menu': { user: 'viewer@demo.test', good: () => ({}) },
  'GET /sso/api/v1/user/getUserInfoList': { user: 'viewer@demo.test', good: () => ({ userName: 'viewer@demo.test' }), required: 'userName', wrongType: ['userName', {}] },
  'POST /sso/api/v1/user/updateContactNumber': {
    user: 'viewer@demo.test',
    good: ({ session }) => ({ contactNumber: `8529${Math.floor(1e6 + Math.random() * 8e6)}`, userId: session.userId }),
    required: 'contactNumber',
    wrongType: ['userId', 'me'],
  },
  'POST /sso/api/v1/user/sendResetPwdEmail': { user: null, good: () => ({ email: 'viewer@demo.test', username: 'viewer@demo.test', lang: 'zhTW' }), required: 'email', wrongType: ['email', 'not-an-email'] },
  'POST /sso/api/v1/user/getResetPwdEmailInfo': { user: null, good: () => ({ randomId: 'unknown-link' }), required: 'randomId', wrongType: ['randomId', 7] },
  'POST /sso/api/v1/user/updateEmailDeleted': { user: null, good: () => ({ randomId: 'unknown-link', newPassword: 'Viewer#2027' }), required: 'newPassword', wrongType: ['newPassword', true] },
  'POST /sso/api/v1/user/boolPwdIsRepeat': { user: 'viewer@demo.test', good: ({ session }) => ({ userId: session.userId, newPassword: 'Viewer#2027', type: 1 }), required: 'type', wrongType: ['type', 3] },
  'POST /sso/api/v1/user/verifyOldPassword': { user: 'viewer@demo.test', good: ({ session }) => ({ userId: session.userId, oldPassword: 'Portal#2026', type: '1' }), required: 'oldPassword', wrongType: ['userId', -1] },
  // Well formed, answered with the history refusal: the success path (which changes the password
  // later cases sign in with) is covered in sso.test.ts.
  'POST /sso/api/v1/user/updateEpaPassword': { user: 'newcomer@demo.test', good: ({ session }) => ({ userId: session.userId, newPassword: 'Portal#2026', type: 1 }), required: 'newPassword', wrongType: ['type', 'login'] },
  'POST /sso/api/v1/user/changePassword': { user: 'wxali@demo.test', good: ({ session }) => ({ userId: session.userId, oldPassword: 'Wrong#0000', newPassword: 'Wxali#2027', type: 1 }), required: 'oldPassword', wrongType: ['newPassword', null] },
  'POST /sso/api/v1/user/updateCustomerUserInfo': {
    user: 'admin',
    good: async ({ upstream }) => {
      const [maker] = await upstream.db.query<{ user_id: number }>("SELECT user_id FROM users WHERE account = 'maker@demo.test'");
      return { userId: maker?.user_id, contactNumber: '85292345678', contactName: 'Wong Siu Ling', contactEmail: 'maker@demo.test', roleId: 4, status: 1, jobTitle: 'Cashier Supervisor', department: 'Operations', appellation: 'MS' };
    },
    required: 'contactEmail',
    wrongType: ['roleId', 'admin'],
  },
  'POST /sso/api/v1/user/insertAccount': {
    user: 'admin',
    good: () => {
      const name = `cashier-${unique()}@demo.test`;
      return { account: name, typeNo: 'C0001', roleId: 4, name: 'Cashier account', contactName: 'Cashier One', contactEmail: name, contactNumber: '85291112222', jobTitle: 'Cashier', department: 'Front Office', appellation: 'MR' };
    },
    required: 'account',
    wrongType: ['appellation', 'DR'],
  },
  'GET /sso/api/v1/user/getCustomerUserAccounts': { user: 'admin', good: () => ({ limit: 10, page: 1, sort: 'userId', order: 'desc' }), wrongType: ['limit', 'ten'] },
  'GET /sso/api/v1/user/boolIsForcedUpdAccInfoToSqliteAndSendEmail': { user: 'viewer@demo.test', good: ({ session }) => ({ userId: session.userId }), required: 'userId', wrongType: ['userId', {}] },
  'POST /sso/api/v1/user/insertToSqlite': {
    user: 'viewer@demo.test',
    good: ({ session }) => ({ userId: session.userId, jobTitle: 'Customer Service', department: 'Front Office', appellation: 'MS', contactName: 'Cheung Mei Yee' }),
    required: 'department',
    wrongType: ['appellation', 1],
  },
  'GET /sso/api/v1/user/exportAccounts': { user: 'admin', good: () => ({}) },
  'GET /sso/api/v1/activity/getActivityLog': { user: 'admin', good: () => ({ limit: 10, page: 1, action: 'login,logout' }), wrongType: ['action', 'login,sudo'] },
  'POST /sso/api/v1/activity/recordFile': { user: 'viewer@demo.test', good: () => ({ action: 'file.download', target: 'transactions.csv', format: 'csv', rows: 3 }), required: 'target', wrongType: ['action', 'account.create'] },
  'GET /api/Transaction/AsyncGetTransRealtime': { user: 'admin', good: () => ({ limit: 10, page: 1, sort: 'gmt_payment', order: 'desc' }), wrongType: ['transType', [99]] },
  'GET /api/Transaction/AsyncGetTransRealtime_20230314': { user: 'partner@demo.test', good: () => ({ limit: '10', page: '1', ispaging: 'true' }), wrongType: ['amountFrom', '12.345'] },
  'GET /api/Transaction/ExportTransRealtime': { user: 'admin', good: () => ({ columns: ['order_no', 'trans_amount'], limit: 100, sort: 'trans_amount', order: 'asc' }), required: 'columns', wrongType: ['limit', 0] },
  'GET /api/Transaction/ExportTransRealtime_20230314': { user: 'partner@demo.test', good: () => ({ columns: 'order_no,category', limit: '50' }), required: 'columns', wrongType: ['columns', ['customer_no']] },
  'GET /api/Transaction/GetTransPaymentType': dashboard,
  'GET /api/Transaction/GetTransPaymentType_20230314': partnerDashboard,
  'GET /api/Transaction/GetSmartTips': { user: 'admin', good: () => ({}), wrongType: ['customer_no', 42] },
  'GET /api/Transaction/GetSmartTips_20230314': { user: 'partner@demo.test', good: () => ({ customer_no: 'C0001' }), wrongType: ['userid', 'me'] },
  'GET /api/MerchantInfo/GetPieTransTypeCount': dashboard,
  'GET /api/MerchantInfo/GetPieTransTypeCount_20230314': partnerDashboard,
  'GET /api/MerchantInfo/GetMerchantTopFiveStores': dashboard,
  'GET /api/MerchantInfo/GetMerchantTopFiveStores_20230314': partnerDashboard,
  'GET /api/MerchantInfo/GetMerchantTerAndStoCount': dashboard,
  'GET /api/MerchantInfo/GetMerchantTerAndStoCount_20230314': partnerDashboard,
  'GET /api/MerchantInfo/GetMerchantAllcountAndAmount': dashboard,
  'GET /api/MerchantInfo/GetMerchantAllcountAndAmount_20230314': partnerDashboard,
  'GET /api/MerchantInfo/GetCurveChartSevenDays': dashboard,
  'GET /api/MerchantInfo/GetCurveChartSevenDays_20230314': partnerDashboard,
  'GET /api/MerchantInfo/GetMerchantList': { user: 'admin', good: () => ({ limit: 10, page: 1, sort: 'merchant_no', order: 'asc', ispaging: false }), wrongType: ['ispaging', 'maybe'] },
  'GET /hk/api/MerchantInfo/GetMerchantInfo': { user: 'admin', good: () => ({ limit: 10, page: 1 }), wrongType: ['status', 'Closed'] },
  'GET /hk/api/MerchantInfo/GetMerchantInfo_20230314': { user: 'partner@demo.test', good: () => ({ limit: 10, page: 1 }), wrongType: ['page', 0] },
  'GET /hk/api/MerchantInfo/GetCustomerInfo': { user: 'admin', good: () => ({}), wrongType: ['customer_no', 1] },
  'GET /hk/api/MerchantInfo/GetCustomerInfo_20230314': { user: 'partner@demo.test', good: () => ({}), wrongType: ['customer_no', 1] },
  'GET /hk/api/MerchantInfo/SearchChoices': { user: 'admin', good: () => ({ kind: 'store', q: 'Golden' }), required: 'kind', wrongType: ['kind', 'bank'] },
  'GET /hk/api/MerchantInfo/GetStoreTerminal': { user: 'admin', good: () => ({ limit: 10, page: 1, status: 'Active' }), wrongType: ['status', 'Open'] },
  'GET /hk/api/MerchantInfo/GetStoreTerminal_20230314': { user: 'partner@demo.test', good: () => ({ limit: 10, page: 1 }), wrongType: ['limit', 1000] },
  'GET /hk/api/PartnerInfo/GetPartnerList': { user: 'partner@demo.test', good: () => ({}), wrongType: ['userid', 'x'] },
  'GET /hk/api/MerchantInfo/GetPaymentService': { user: 'admin', good: () => ({ limit: 10, page: 1, status: 'N' }), wrongType: ['payment_type', 'DINERS'] },
  'GET /hk/api/MerchantInfo/GetPaymentService_20230314': { user: 'partner@demo.test', good: () => ({ limit: 10, page: 1, sort: 'activation_date' }), wrongType: ['sort', 'fee_cn'] },
  'GET /hk/api/MerchantInfo/GetMerchantContacts': { user: 'admin', good: async ({ upstream }) => ({ merchant_no: await ownMerchant(upstream, 'admin') }), required: 'merchant_no', wrongType: ['merchant_no', 7] },
  'GET /hk/api/MerchantInfo/GetMerchantContacts_20230314': {
    user: 'partner@demo.test',
    good: async ({ upstream }) => ({ merchant_no: await ownMerchant(upstream, 'partner@demo.test') }),
    required: 'merchant_no',
    wrongType: ['merchant_no', ['x']],
  },
  'GET /transaction/api/v1/refund/getEpaTrans': { user: 'maker@demo.test', good: async ({ upstream }) => ({ alipayOrder: (await sale(upstream)).order_no }), wrongType: ['alipayOrder', 5] },
  'POST /transaction/api/v1/refund/epaRefunds': {
    user: 'maker@demo.test',
    good: async ({ upstream }) => {
      const s = await sale(upstream);
      return { merchantNo: s.merchant_no, alipayOrder: s.order_no, reason: 'Duplicate charge', reasonType: 'DUPLICATE', refundAmount: '0.50', platform: 'EPA', ercrfn: 'ERC' };
    },
    required: 'reason',
    wrongType: ['refundAmount', { value: 1 }],
  },
  'DELETE /transaction/api/v1/refund/epaRefunds': { user: 'maker@demo.test', good: async ({ upstream }) => ({ refundId: await pendingRefund(upstream, 'maker@demo.test') }), required: 'refundId', wrongType: ['refundId', 'one'] },
  'GET /transaction/api/v1/refund/epaRefunds': { user: 'checker@demo.test', good: () => ({ rftype: 2, page: 1, limit: 10, sorting: 'transTime', orderBy: 'desc' }), required: 'rftype', wrongType: ['rftype', 3] },
  'GET /transaction/api/v1/refund/getRefundApprovals': { user: 'checker@demo.test', good: () => ({ page: 1, limit: 10 }), wrongType: ['apprStartDate', '2026-11-01'] },
  'POST /transaction/api/v1/postRefundApprovals': {
    user: 'checker@demo.test',
    good: async ({ upstream }) => ({ refundArray: [await pendingRefund(upstream, 'maker@demo.test')], result: 'reject', password: 'Portal#2026', reason: 'Not returned' }),
    required: 'refundArray',
    wrongType: ['refundArray', []],
  },
  'GET /api/TransRefund/Get_RefundApprovalCount': { user: 'checker@demo.test', good: ({ session }) => ({ userid: session.userId, approve_status: '10' }), wrongType: ['approve_status', '20'] },
  'GET /api/TotalAssets/GetPanelItem': { user: 'assets@demo.test', good: () => ({}), wrongType: ['userid', -3] },
  'GET /api/TotalAssets/GetPanelItemDetail': { user: 'assets@demo.test', good: () => ({ page: 1, limit: 10, assetType: 'MARGIN' }), wrongType: ['assetType', 'GOLD'] },
  'GET /api/TotalAssets/GetPieItems': { user: 'assets@demo.test', good: () => ({}), wrongType: ['customer_no', ['C0001']] },
  'GET /api/MerchantInfo/GetApplicableServices': { user: 'admin', good: () => ({}), wrongType: ['userid', 'me'] },
  'GET /api/MerchantInfo/GetServiceApplications': { user: 'admin', good: () => ({ page: 1, limit: 10 }), wrongType: ['status', 'PAID'] },
  'POST /api/MerchantInfo/ApplyPaymentService': {
    user: 'admin',
    good: async ({ upstream }) => {
      const [merchant] = await upstream.db.query<{ merchant_no: string; stores: string[] }>(
        `SELECT m.merchant_no, array(SELECT store_code FROM stores s WHERE s.merchant_no = m.merchant_no AND s.status <> 'Inactive') AS stores FROM merchants m
           JOIN payment_services p ON p.merchant_no = m.merchant_no AND p.payment_type = 'AMEX' AND p.status = 'N' WHERE m.customer_no = 'C0001' ORDER BY m.merchant_no LIMIT 1`,
      );
      return { merchantNo: merchant?.merchant_no, paymentType: 'AMEX', storeCodes: merchant?.stores, contactName: 'Chan Tai Man', contactNumber: '85291234567', monthlyVolume: '1000.00' };
    },
    required: 'merchantNo',
    wrongType: ['storeCodes', 'S000001'],
  },
  ...settlementCases('', 'admin'),
  ...settlementCases('_20230314', 'partner@demo.test'),
  'GET /wrs2/api/v1/notice/list': { user: 'maker@demo.test', good: () => ({ page: 1, limit: 10, lang: 'zhTW' }), wrongType: ['state', 'NEW'] },
  'GET /wrs2/api/v1/notice/unreadCount': { user: 'maker@demo.test', good: () => ({}) },
  'GET /wrs2/api/v1/notice/important': { user: 'other@demo.test', good: () => ({ lang: 'en' }), wrongType: ['lang', 'fr'] },
  'POST /wrs2/api/v1/notice/read': { user: 'maker@demo.test', good: async ({ upstream }) => ({ ids: [await noticeId(upstream, 'customer_no IS NULL')] }), required: 'ids', wrongType: ['ids', 'all'] },
  'POST /wrs2/api/v1/notice/acknowledge': { user: 'other@demo.test', good: async ({ upstream }) => ({ id: await noticeId(upstream, 'important') }), required: 'id', wrongType: ['id', 'first'] },
  'GET /api/MerchantDocument/GetDocumentList': { user: 'admin', good: () => ({ page: 1, limit: 10 }), wrongType: ['status', 'LOST'] },
  'POST /api/MerchantDocument/UploadDocument': { user: 'admin', good: () => ({ docType: 'OTHER', fileName: 'contract.pdf', content: PDF_BASE64 }), required: 'content', wrongType: ['docType', 'PASSPORT'] },
  'GET /api/MerchantDocument/DownloadDocument': {
    user: 'admin',
    good: async ({ upstream }) => ({ id: (await upstream.db.query<{ id: number }>("SELECT min(id)::int AS id FROM documents WHERE customer_no = 'C0001'"))[0]?.id }),
    required: 'id',
    wrongType: ['id', 'one'],
  },
  // A removal needs a document still received: each good call uploads one.
  'DELETE /api/MerchantDocument/DeleteDocument': {
    user: 'admin',
    good: async ({ upstream, session }) => ({
      id: (await upstream.client.call<{ id: number }>('POST', '/api/MerchantDocument/UploadDocument', { docType: 'OTHER', fileName: 'spare.pdf', content: PDF_BASE64 }, { token: session.token })).body.id,
    }),
    required: 'id',
    wrongType: ['id', 'one'],
  },
  'GET /api/MerchantDocument/GetBrRenewals': { user: 'admin', good: () => ({}) },
  'GET /api/Collect/GetStoreCodes': { user: 'admin', good: () => ({}), wrongType: ['store_code', ['S000001']] },
  'POST /api/Collect/CreatePaymentRequest': { user: 'admin', good: ({ upstream }) => paymentRequest(upstream), required: 'amount', wrongType: ['expiresInMinutes', 'soon'] },
  'GET /api/Collect/GetPaymentRequests': { user: 'admin', good: () => ({ page: 1, limit: 10 }), wrongType: ['status', 'LOST'] },
  // A cancel needs an open request: each good call makes one.
  'POST /api/Collect/CancelPaymentRequest': {
    user: 'admin',
    good: async ({ upstream, session }) => ({
      id: (await upstream.client.call<{ id: number }>('POST', '/api/Collect/CreatePaymentRequest', await paymentRequest(upstream), { token: session.token })).body.id,
    }),
    required: 'id',
    wrongType: ['id', 'one'],
  },
};

const ENDPOINTS = endpointsFor({ mode: 'production' });

describe.each(DATABASES)('every call answers its contract on %s', (database) => {
  let upstream: TestUpstream;
  const sessions = new Map<string, Promise<Session>>();
  beforeAll(async () => {
    upstream = await startTestUpstream(database, { maxInputBytes: 8 * 1024 }, 1500);
  });
  afterAll(() => upstream.stop());

  it('has a contract case for every registered call, and no stale case', () => {
    const registered = ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort();
    expect(Object.keys(CASES).sort()).toEqual(registered);
  });

  describe.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (name, endpoint) => {
    const contract = CASES[name] as Case;
    /**
     * The user's one session on this database, shared by its calls' tests (a sign-in costs a scrypt
     * hash, and these tests made some 650); a test that ends its session signs in afresh.
     */
    const session = async (fresh = contract.endsSession ?? false) => {
      if (!contract.user) return { token: '', userId: 0 };
      if (fresh) return upstream.client.login(contract.user);
      const shared = sessions.get(contract.user) ?? upstream.client.login(contract.user);
      sessions.set(contract.user, shared);
      return shared;
    };
    const call = async (input: unknown, options: { en?: string | null; token?: string; key?: string } = {}) => {
      const answer = await upstream.client.call<{ error?: { code: string; description: string } }>(endpoint.method, endpoint.path, input, options);
      expect(answer.status).not.toBe(500);
      expect(answer.headers.get('x-server-version')).toBe('4.4.9');
      return answer;
    };

    it('answers a good call', async () => {
      const s = await session();
      const answer = await call(await contract.good({ session: s, upstream }), { token: s.token });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
    });

    it('refuses a missing, garbage, foreign-key or non-object en with 400', async () => {
      const { token } = await session();
      for (const en of [null, 'garbage!', sealPayload({}, 'another-key'), encryptText('[1,2]', TEST_KEY), encryptText('not json', TEST_KEY)]) {
        const answer = await call({}, { en, token });
        expect({ en: en?.slice(0, 10), status: answer.status, code: answer.body.error?.code }).toEqual({ en: en?.slice(0, 10), status: 400, code: 'BAD_ENVELOPE' });
      }
    });

    it('refuses oversize input with 413', async () => {
      const { token } = await session();
      // Over the call's own limit when it has one (a document upload), else over MAX_INPUT_BYTES.
      const answer = await call({ padding: 'x'.repeat(endpoint.maxInputBytes ?? 10_000) }, { token });
      expect(answer.status).toBe(413);
    });

    if (contract.required) {
      it(`refuses the input without ${contract.required}`, async () => {
        const s = await session();
        const { [contract.required as string]: _omitted, ...input } = await contract.good({ session: s, upstream });
        const answer = await call(input, { token: s.token });
        expect(answer.status).toBe(400);
        expect(answer.body.error?.code).toMatch(/INVALID_INPUT/);
      });
    }

    if (contract.wrongType) {
      it(`refuses ${contract.wrongType[0]} of the wrong type`, async () => {
        const s = await session();
        const [field, value] = contract.wrongType as [string, unknown];
        const answer = await call({ ...(await contract.good({ session: s, upstream })), [field]: value }, { token: s.token });
        expect(answer.status).toBe(400);
        expect(answer.body.error?.code).toBe('INVALID_INPUT');
      });
    }

    if (endpoint.auth === 'token') {
      it('refuses a missing or dead token with the relogin description', async () => {
        const s = await session(true);
        const good = await contract.good({ session: s, upstream });
        await upstream.client.call('POST', '/sso/api/v1/logout', {}, { token: s.token });
        for (const token of [undefined, s.token, 'forged-token']) {
          const answer = await call(good, { token });
          expect(answer.status).toBe(401);
          expect(answer.body.error).toEqual({ code: 'TOKEN_EXPIRED', description: 'UserToken over date, Relogin' });
        }
      });
    }
  });

  it('answers unknown calls with 404 and the version header', async () => {
    const answer = await upstream.client.call('GET', '/api/NoSuchCall', {});
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-server-version')).toBe('4.4.9');
  });
});

describe('the /dev helpers', () => {
  it('are not mounted in production', async () => {
    const upstream = await startTestUpstream('pglite', { mode: 'production', factorKey: 'contract-factor-key-0123456789' }, 100);
    try {
      for (const path of ['/dev/outbox', '/dev/sso-token', '/dev/clock', '/dev/refunds/pay', '/dev/tokens/match', '/dev/version', '/dev/faults', '/dev/refunds/pending']) {
        expect((await fetch(`${upstream.url}${path}`)).status).toBe(404);
      }
    } finally {
      await upstream.stop();
    }
  });
});
