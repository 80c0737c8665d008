import 'server-only';
import { z } from 'zod';
import { DEFAULT_TRANS_TYPES, SUMMARY_CATEGORIES } from '../domain/transaction-types';
import type { SessionData } from '../session/session';
import { ACCOUNT_CALLS } from './calls/accounts';
import { COLLECT_CALLS } from './calls/collect';
import { MERCHANT_CALLS } from './calls/merchants';
import { DOCUMENT_CALLS } from './calls/documents';
import { FACTOR_CALLS } from './calls/factors';
import { NOTICE_CALLS } from './calls/notices';
import { ASSET_CALLS } from './calls/assets';
import { REFUND_CALLS } from './calls/refunds';
import { SETTLEMENT_CALLS } from './calls/settlements';
import { TIP_CALLS } from './calls/tips';
import { define, list, loginItem, money, outcome, page } from './define';

/**
 * Every upstream call the portal makes, by name. Nothing else builds an upstream URL. Inputs are
 * what a page or the browser may send; `inject` adds identity and scope from the session, which
 * always wins over the input.
 */
/** What a call's defaults may ask of the session beyond its cookie. */
export interface CallScope {
  /** The merchant ids the session may see (lib/session/merchant-ids.ts); null when the services cannot say. */
  merchantIds(): Promise<string[] | null>;
}

export interface CallDefinition<I extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Partner users call `${path}_20230314` (spec section 6). */
  partnerVariant?: boolean;
  /** Calls without a token: sign-in and the password-reset flow. */
  public?: boolean;
  input: I;
  answer: A;
  /** The session needs one of these menu codes. */
  menus?: string[];
  /** Browser code may call it through /api/gateway/{name}. */
  exposed?: boolean;
  /** A second identical call of the same session while one is in flight is refused. */
  guard?: boolean;
  /**
   * A long download or export: waits the spec's long timeout (UPSTREAM_TIMEOUT_MS, 480 s). Every
   * other call serves a page or a list and gives up after UPSTREAM_PAGE_TIMEOUT_MS (15 s).
   */
  long?: boolean;
  /**
   * The answer is a stream of rows (NDJSON, read by `streamUpstream` in lib/gateway/stream.ts, not
   * by callUpstream): `answer` is then the schema of one row, each checked as it arrives.
   */
  stream?: boolean;
  inject?: (session: SessionData) => Record<string, unknown>;
  /** Input defaults that belong to the wire, not to the form (spec section 7), some from the session (section 6). */
  defaults?: (input: Record<string, unknown>, session: SessionData, scope: CallScope) => Record<string, unknown> | Promise<Record<string, unknown>>;
}


const userid = (session: SessionData) => ({ userid: session.userId });
const userId = (session: SessionData) => ({ userId: session.userId });

const loginAnswer = z.array(loginItem).min(1);

/** A right password of a user with a second factor: the second step's ticket instead of a session. */
const secondStepAnswer = z.looseObject({ secondStep: z.object({ ticket: z.string().min(20), totp: z.boolean(), passkey: z.boolean() }) });

const passwordType = z.union([z.literal(1), z.literal(2)]);
const dayFigure = z.looseObject({ day: z.string().regex(/^\d{8}$/), count: z.number().int(), amount: money });
/** The dashboard calls' shared input: an optional customer and span (default the last seven days). */
const dashboardInput = z.object({ customer_no: z.string().max(30).optional(), gmtPaymentFrom: z.string().regex(/^\d{14}$/).optional(), gmtPaymentTo: z.string().regex(/^\d{14}$/).optional() });

/** The realtime query's filters and sort (spec section 3), shared by the list and its export. */
const realtimeFilters = {
  sort: z.string().max(30).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  gmtPaymentFrom: z.string().regex(/^\d{14}$/).optional(),
  gmtPaymentTo: z.string().regex(/^\d{14}$/).optional(),
  merchant_no: z.string().max(30).optional(),
  storeCode: z.string().max(30).optional(),
  terminal: z.string().max(30).optional(),
  payment_type: z.string().max(20).optional(),
  amountFrom: z.string().max(20).optional(),
  amountTo: z.string().max(20).optional(),
  alipayOrder: z.string().max(64).optional(),
  eftNo: z.string().max(64).optional(),
  rrn: z.string().max(64).optional(),
  transType: z.string().max(200).optional(),
  /** A partner narrows the view to one of its customers (the services check it is theirs). */
  customer_no: z.string().max(30).optional(),
};
/** A transaction row as a file writes it: every field an export may ask for, all text, amounts as decimal text. */
const exportRow = z.object({
  gmt_payment: z.string().regex(/^\d{14}$/),
  trans_amount: money,
  mdr_fee: money,
  category: z.enum(['SALE', 'VOID', 'REFUND', 'OTHER']),
  merchant_no: z.string(),
  store_code: z.string(),
  store_name: z.string(),
  /** The store's Chinese names (Traditional, Simplified), for a file in Chinese. */
  store_cname: z.string().nullable(),
  store_cname_hans: z.string().nullable(),
  terminal_no: z.string(),
  order_no: z.string(),
  payment_type: z.string(),
  trans_type: z.string(),
  trade_status: z.string(),
  refno: z.string(),
  out_trade_no: z.string(),
  traceno: z.string(),
  settledate: z.string(),
});

export const CALLS = {
  login: define({
    method: 'POST',
    path: '/sso/api/v1/login',
    public: true,
    // The password, or a remembered sign-in's token in its place; a trusted device's token skips the second step.
    input: z.object({
      username: z.string().min(1).max(254),
      password: z.string().max(256).optional(),
      rememberToken: z.string().max(100).optional(),
      deviceToken: z.string().max(100).optional(),
      serviceCode: z.string().default('EPA'),
    }),
    answer: z.union([loginAnswer, secondStepAnswer]),
  }),
  loginByToken: define({
    method: 'POST',
    path: '/sso/api/v1/login/external/token',
    public: true,
    input: z.object({ token: z.string().min(1).max(200), serviceCode: z.string().default('EPA') }),
    answer: loginAnswer,
  }),
  logout: define({ method: 'POST', path: '/sso/api/v1/logout', input: z.object({}), answer: z.looseObject({ success: z.number() }) }),
  userInfoList: define({
    method: 'GET',
    path: '/sso/api/v1/user/getUserInfoList',
    input: z.object({}),
    answer: z.looseObject({ data: z.array(z.looseObject({ account: z.string(), name: z.string(), type: z.string() })) }),
    inject: (session) => ({ userName: session.account }),
    exposed: true,
  }),
  sendResetPwdEmail: define({
    method: 'POST',
    path: '/sso/api/v1/user/sendResetPwdEmail',
    public: true,
    input: z.object({ email: z.email().max(254), username: z.string().min(1).max(254), lang: z.enum(['en', 'zhTW', 'zhCN']), type: z.string().default('EPA') }),
    answer: outcome,
  }),
  resetLinkInfo: define({
    method: 'POST',
    path: '/sso/api/v1/user/getResetPwdEmailInfo',
    public: true,
    input: z.object({ randomId: z.string().min(1).max(200) }),
    answer: z.looseObject({ success: z.number().int(), code: z.string().optional(), data: z.looseObject({ account: z.string(), expiresAt: z.string() }).optional() }),
  }),
  resetPassword: define({
    method: 'POST',
    path: '/sso/api/v1/user/updateEmailDeleted',
    public: true,
    input: z.object({ randomId: z.string().min(1).max(200), newPassword: z.string().max(256) }),
    // The user whose password it was, when the services say (ours do): their open sessions end.
    answer: outcome.extend({ userId: z.number().int().positive().optional() }),
  }),
  passwordIsRepeat: define({
    method: 'POST',
    path: '/sso/api/v1/user/boolPwdIsRepeat',
    input: z.object({ newPassword: z.string().max(256), type: passwordType }),
    answer: outcome,
    inject: userId,
  }),
  verifyOldPassword: define({
    method: 'POST',
    path: '/sso/api/v1/user/verifyOldPassword',
    input: z.object({ oldPassword: z.string().max(256), type: passwordType }),
    answer: z.looseObject({ result: z.number().int(), msg: z.string().optional() }),
    inject: userId,
  }),
  updatePassword: define({
    method: 'POST',
    path: '/sso/api/v1/user/updateEpaPassword',
    input: z.object({ newPassword: z.string().max(256), type: passwordType }),
    answer: outcome,
    inject: userId,
  }),
  changePassword: define({
    method: 'POST',
    path: '/sso/api/v1/user/changePassword',
    input: z.object({ oldPassword: z.string().max(256), newPassword: z.string().max(256), type: passwordType }),
    answer: outcome,
    inject: userId,
  }),
  updateContactNumber: define({
    method: 'POST',
    path: '/sso/api/v1/user/updateContactNumber',
    input: z.object({ contactNumber: z.string().max(30), contactEmail: z.string().max(254).optional(), contactName: z.string().max(100).optional() }),
    answer: outcome,
    inject: userId,
    exposed: true,
  }),
  approvalCount: define({
    method: 'GET',
    path: '/api/TransRefund/Get_RefundApprovalCount',
    input: z.object({}),
    answer: z.array(z.looseObject({ raCount: z.number().int() })).min(1),
    menus: ['reviewRefund'],
    inject: (session) => ({ userid: session.userId, approve_status: '10' }),
    exposed: true,
  }),
  realtimeTransactions: define({
    method: 'GET',
    path: '/api/Transaction/AsyncGetTransRealtime',
    partnerVariant: true,
    input: z.object({ ...page, ...realtimeFilters }),
    answer: list(z.looseObject({ order_no: z.string(), trans_amount: z.string() })).extend({ totalAmount: z.string(), summary: z.array(z.looseObject({ name: z.string(), count: z.number(), amount: z.string() })) }),
    menus: ['transactions'],
    inject: userid,
    defaults: (input) => ({ ...input, transType: input.transType || DEFAULT_TRANS_TYPES.join(',') }),
    exposed: true,
  }),
  /** The realtime query's rows for a file, only the fields asked for, streamed in the view's order (the export route only). */
  exportTransactions: define({
    method: 'GET',
    path: '/api/Transaction/ExportTransRealtime',
    partnerVariant: true,
    input: z.object({
      ...realtimeFilters,
      columns: z.array(z.enum(Object.keys(exportRow.shape) as [keyof typeof exportRow.shape])).min(1),
      /** At most this many rows (an xlsx worksheet's limit). */
      limit: z.number().int().min(1).optional(),
    }),
    answer: exportRow,
    stream: true,
    menus: ['transactions'],
    long: true,
    inject: userid,
    defaults: (input) => ({ ...input, transType: input.transType || DEFAULT_TRANS_TYPES.join(',') }),
  }),
  dashboardTotals: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetMerchantAllcountAndAmount',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.looseObject({ allCount: z.number().int(), allAmount: money }),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardCounts: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetMerchantTerAndStoCount',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.looseObject({ customer_cname: z.string(), customer_name: z.string(), merchant_count: z.number().int(), store_count: z.number().int(), terminal_count: z.number().int() }),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardCurve: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetCurveChartSevenDays',
    partnerVariant: true,
    input: dashboardInput,
    // Whole days compared (the 7 before today against the 7 before them); today so far apart, with the time it runs to.
    answer: z.looseObject({ current: z.array(dayFigure).length(7), previous: z.array(dayFigure).length(7), today: dayFigure.extend({ until: z.string().regex(/^\d{2}:\d{2}:\d{2}$/) }) }),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardTopStores: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetMerchantTopFiveStores',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.array(z.looseObject({ store_code: z.string(), store_name: z.string(), merchant_no: z.string(), count: z.number().int(), amount: money })).max(5),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardTransTypes: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetPieTransTypeCount',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.array(z.looseObject({ name: z.enum(SUMMARY_CATEGORIES), count: z.number().int(), amount: money })),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardPaymentTypes: define({
    method: 'GET',
    path: '/api/Transaction/GetTransPaymentType',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.array(z.looseObject({ payment_type: z.string(), count: z.number().int(), amount: money })),
    menus: ['dashboard'],
    inject: userid,
  }),
  ...SETTLEMENT_CALLS,
  ...ACCOUNT_CALLS,
  ...FACTOR_CALLS,
  ...REFUND_CALLS,
  ...MERCHANT_CALLS,
  ...NOTICE_CALLS,
  ...DOCUMENT_CALLS,
  ...ASSET_CALLS,
  ...COLLECT_CALLS,
  ...TIP_CALLS,
} satisfies Record<string, CallDefinition>;

export type CallName = keyof typeof CALLS;
export type CallInput<N extends CallName> = z.input<(typeof CALLS)[N]['input']>;
export type CallAnswer<N extends CallName> = z.output<(typeof CALLS)[N]['answer']>;

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(CALLS, name);
}
