import 'server-only';
import { z } from 'zod';
import type { SessionData } from '../session/session';
import { calls, define, loginItem, outcome } from '../gateway/define';

/** The single sign-on service's calls (spec section 7): sign-in, sign-out, the user and its passwords. */

const userId = (session: SessionData) => ({ userId: session.userId });

const loginAnswer = z.array(loginItem).min(1);

/** A right password of a user with a second factor: the second step's ticket instead of a session. */
const secondStepAnswer = z.looseObject({ secondStep: z.object({ ticket: z.string().min(20), totp: z.boolean(), passkey: z.boolean() }) });

const passwordType = z.union([z.literal(1), z.literal(2)]);

export const SSO_CALLS = calls({
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
});
