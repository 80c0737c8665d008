import { z } from 'zod';
import { TEMP_PASSWORD_LOGIN_TYPE as TEMP_PASSWORD_LOGIN } from '../../lib/auth/login-type';
import type { Queryable } from '../db/database';
import { authedCall, publicCall, type AuthedContext, type Endpoint, type PublicContext } from '../http/endpoint';
import { forbidden, ServiceError } from '../http/errors';
import { optionalText, passwordType, text, wholeNumber } from '../http/inputs';
import { hashToken, menuCodesOf, newToken } from '../http/principal';
import { hashPassword, verifyPassword } from '../rules/password-hash';
import { factorRequired } from './factor-policy';
import { factorsOf, hasFactor, type Factors } from './factor-proof';
import { sendMail } from './mail';
import { afterFirstFactor, usedDeviceToken } from './second-step';
import { currentPasswordHash, isRecentPassword, newPasswordProblem, passwordColumn, passwordState, STALE, storePassword, untilStable, type PasswordKind } from './passwords';

export const NORMAL_LOGIN = 'EPA';
/** How long after a successful current-password check a password update is allowed. */
const VERIFIED_WINDOW_MINUTES = 5;
const SSO_TOKEN_MINUTES = 2;
/** A hash that verifies nothing, so an unknown account costs the same time as a wrong password. */
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export interface UserRow {
  user_id: number;
  account: string;
  name: string;
  type: 'CUSTOMER' | 'MERCHANT' | 'PARTNER';
  type_no: string;
  role_id: number;
  is_admin: boolean;
  status: number;
  password_hash: string;
  pwd_flag: boolean;
  op_pwd_flag: boolean;
  failed_logins: number;
  locked_until: string | null;
}

export const USER_COLUMNS = 'user_id, account, name, type, type_no, role_id, is_admin, status, password_hash, pwd_flag, op_pwd_flag, failed_logins, locked_until';

async function issueToken(db: Queryable, userId: number, kind: 'session' | 'sso', loginType: string, now: string, expires: string, factorSetup = false) {
  const token = newToken();
  await db.query('INSERT INTO tokens (token_hash, user_id, kind, login_type, created_at, expires_at, factor_setup) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    hashToken(token), userId, kind, loginType, now, expires, factorSetup,
  ]);
  return token;
}

/**
 * The login answer of spec section 7: a list whose first item describes the session. `factors`: the
 * user's, when the caller has read them already.
 */
export async function loginAnswer(context: PublicContext, user: UserRow, serviceCode: string, factors?: Factors) {
  const { db, clock, config } = context;
  // A user with a factor owes no set-up whatever the policy: the policy is read only for one without.
  const factorSetup = !hasFactor(factors ?? (await factorsOf(db, user.user_id))) && (await factorRequired(db, user));
  const loginType = user.pwd_flag ? TEMP_PASSWORD_LOGIN : NORMAL_LOGIN;
  // A confined token (issue 26): the services refuse it every call but the set-up's until the user enrols.
  const token = await issueToken(db, user.user_id, 'session', loginType, clock.timestamp(), clock.timestamp(config.tokenTtlMinutes), factorSetup);
  const rank = user.type === 'PARTNER' ? 'PARTNER' : 'CUSTOMER';
  const headers = await menuCodesOf(db, { roleId: user.role_id, isAdmin: user.is_admin, rank });
  return [
    {
      id: user.user_id,
      loginUser: { userName: user.account, nickName: user.name, rank, rankNo: user.type_no, isAdmin: user.is_admin ? 1 : 0 },
      xEftpayToken: token,
      serviceCode,
      roleId: user.role_id,
      headers,
      pwdFlag: user.pwd_flag ? 1 : 0,
      opPwdFlag: user.op_pwd_flag ? 1 : 0,
      loginType,
      expiresAt: clock.timestamp(config.tokenTtlMinutes),
      // Under the organisation's second-factor policy without a factor: set-up comes first (issue 26).
      factorSetup: factorSetup ? 1 : 0,
    },
  ];
}

const invalidCredentials = () => new ServiceError(401, 'INVALID_CREDENTIALS', 'Invalid user name or password. Please try again.');
export const accountLocked = (lockedUntil?: string) =>
  new ServiceError(423, 'ACCOUNT_LOCKED', 'The account is locked after too many failed sign-ins; try again later', lockedUntil ? { lockedUntil } : undefined);
export const accountInactive = () => new ServiceError(403, 'ACCOUNT_INACTIVE', 'This account is inactive');

const login = publicCall({
  method: 'POST',
  path: '/sso/api/v1/login',
  input: z.object({
    username: text(254).min(1),
    // Empty with a remembered sign-in's token instead (issue 26: remember me keeps no password).
    password: text(256).optional(),
    rememberToken: optionalText(100),
    // A trusted device's token: the second step is skipped on it.
    deviceToken: optionalText(100),
    serviceCode: optionalText(50),
    emcToken: optionalText(500),
    memberId: optionalText(100),
  }).refine((input) => Boolean(input.password || input.rememberToken), { message: 'password or rememberToken is required', path: ['password'] }),
  // The password check (scrypt) runs before the call's short transaction, holding nothing.
  outsideTransaction: true,
  async handle(context, input) {
    const { db, clock, config } = context;
    const [user] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE account = $1 OR lower(contact_email) = lower($1) ORDER BY account = $1 DESC LIMIT 1`, [input.username]);
    const now = clock.timestamp();
    if (!user) {
      await verifyPassword(input.password ?? '', DUMMY_HASH);
      return context.writes(async (step) => {
        await step.log('login.failed', input.username, { reason: 'unknown account' }, undefined, 'refused');
        throw invalidCredentials();
      });
    }
    const who = { userId: user.user_id, account: user.account };
    if (user.locked_until && user.locked_until > now) {
      return context.writes(async (step) => {
        await step.log('login.refused', user.account, { reason: 'locked' }, who, 'refused');
        throw accountLocked(user.locked_until ?? undefined);
      });
    }
    const remembered = !input.password;
    const matches = remembered || (await verifyPassword(input.password ?? '', user.password_hash));
    return context.writes(async (step) => {
      // A remembered sign-in's token is used up here; the portal asks for the next one (rotation).
      if (remembered && !(await usedDeviceToken(step, user.user_id, 'remember', input.rememberToken, true))) {
        await step.log('login.failed', user.account, { reason: 'remembered sign-in expired' }, who, 'refused');
        throw new ServiceError(401, 'REMEMBER_TOKEN_INVALID', 'The remembered sign-in has expired; enter the password');
      }
      if (!matches) {
        // One statement counts the failure and sets the lock, so concurrent failures cannot clear it;
        // the counter restarts only with a new lock.
        const [after] = await step.db.query<{ locked: boolean }>(
          `UPDATE users SET failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
                            locked_until = CASE WHEN failed_logins + 1 >= $2 THEN $3::timestamp ELSE locked_until END
            WHERE user_id = $1 RETURNING locked_until IS NOT NULL AND locked_until > $4 AS locked`,
          [user.user_id, config.lockoutFailures, clock.timestamp(config.lockoutMinutes), now],
        );
        const isLocked = after?.locked === true;
        await step.log(isLocked ? 'login.locked' : 'login.failed', user.account, { reason: 'wrong password' }, who, 'refused');
        if (isLocked) throw accountLocked(clock.timestamp(config.lockoutMinutes));
        throw invalidCredentials();
      }
      if (user.status !== 1) {
        await step.log('login.refused', user.account, { reason: 'inactive' }, who, 'refused');
        throw accountInactive();
      }
      // Cleared only when no lock and no new password came while the password was checked.
      const [cleared] = await step.db.query(
        'UPDATE users SET failed_logins = 0, locked_until = NULL WHERE user_id = $1 AND (locked_until IS NULL OR locked_until <= $2) AND password_hash = $3 AND status = 1 RETURNING user_id',
        [user.user_id, now, user.password_hash],
      );
      if (!cleared) {
        const [state] = await step.db.query<{ locked: boolean }>('SELECT locked_until IS NOT NULL AND locked_until > $2 AS locked FROM users WHERE user_id = $1', [user.user_id, now]);
        if (state?.locked) throw accountLocked();
        throw invalidCredentials();
      }
      return afterFirstFactor(step, user, input.serviceCode ?? 'EPA', input.deviceToken);
    });
  },
});

const loginByToken = publicCall({
  method: 'POST',
  path: '/sso/api/v1/login/external/token',
  input: z.object({ token: text(200).min(1), serviceCode: optionalText(50) }),
  async handle(context, input) {
    const { db, clock } = context;
    // Single use: the SSO token is revoked by the same statement that accepts it.
    const [row] = await db.query<{ user_id: number }>(
      `UPDATE tokens SET revoked_at = $2 WHERE token_hash = $1 AND kind = 'sso' AND revoked_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [hashToken(input.token), clock.timestamp()],
    );
    const [user] = row ? await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1 AND status = 1`, [row.user_id]) : [];
    if (!user) throw new ServiceError(401, 'SSO_TOKEN_INVALID', 'The single sign-on token is invalid or has expired');
    await context.log('login.sso', user.account, {}, { userId: user.user_id, account: user.account });
    return loginAnswer(context, user, input.serviceCode ?? 'EPA');
  },
});

const renewToken = authedCall({
  method: 'GET',
  path: '/sso/api/v2/login/external/token/renew',
  duringFactorSetup: true,
  writes: true,
  input: z.object({}),
  async handle(context) {
    const { db, clock, config, principal } = context;
    const token = await db.transaction(async (tx) => {
      await tx.query('UPDATE tokens SET revoked_at = $2 WHERE token_hash = $1', [principal.tokenHash, clock.timestamp()]);
      return issueToken(tx, principal.userId, 'session', principal.loginType, clock.timestamp(), clock.timestamp(config.tokenTtlMinutes), principal.factorSetup);
    });
    await context.log('token.renew');
    return { xEftpayToken: token, expiresAt: clock.timestamp(config.tokenTtlMinutes) };
  },
});

const logout = authedCall({
  method: 'POST',
  path: '/sso/api/v1/logout',
  duringFactorSetup: true,
  input: z.object({}),
  async handle(context) {
    await context.db.query('UPDATE tokens SET revoked_at = $2 WHERE token_hash = $1', [context.principal.tokenHash, context.clock.timestamp()]);
    await context.log('logout');
    return { success: 1 };
  },
});

const menu = authedCall({
  method: 'POST',
  path: '/sso/api/v1/menu',
  input: z.object({}),
  async handle(context) {
    const leaves = await context.menus();
    const rows = await context.db.query<{ code: string; parent_code: string | null }>('SELECT code, parent_code FROM menus ORDER BY sort');
    const data = rows
      .filter((row) => row.parent_code === null)
      .map((group) => ({ code: group.code, children: rows.filter((r) => r.parent_code === group.code && leaves.includes(r.code)).map((r) => ({ code: r.code })) }))
      .filter((group) => leaves.includes(group.code) || group.children.length > 0);
    return { data, headers: leaves };
  },
});

/** Profile records of spec section 3; `name` and `typeNo` are the organisation's. */
const USER_INFO_SQL = `
  SELECT u.user_id AS "userId", u.account, u.type, u.type_no AS "typeNo",
         coalesce(c.customer_name, p.name, m.business_name, '') AS name,
         coalesce(c.customer_cname, p.cname, m.business_cname) AS cname, coalesce(c.customer_cname_hans, p.cname_hans, m.business_cname_hans) AS "cnameHans",
         u.contact_name AS "contactName", u.contact_email AS "contactEmail", u.contact_number AS "contactNumber",
         u.pending_contact_number AS "pendingContactNumber",
         r.role_name AS "roleName", r.role_cname AS "roleCName", r.role_tname AS "roleTName", u.role_id AS "roleId",
         u.assigned_by AS "assignedBy", u.auth_by AS "authBy",
         coalesce(to_char(u.last_pwd_date, 'YYYY-MM-DD HH24:MI:SS'), '') AS "lastPwdDate",
         CASE WHEN u.is_admin THEN 1 ELSE 0 END AS "isAdmin", u.status, u.job_title AS "jobTitle",
         u.department, u.appellation
    FROM users u
    JOIN roles r ON r.role_id = u.role_id
    LEFT JOIN customers c ON u.type = 'CUSTOMER' AND c.customer_no = u.type_no
    LEFT JOIN partners p ON u.type = 'PARTNER' AND p.partner_no = u.type_no
    LEFT JOIN merchants m ON u.type = 'MERCHANT' AND m.merchant_no = u.type_no`;

const userInfoList = authedCall({
  method: 'GET',
  path: '/sso/api/v1/user/getUserInfoList',
  input: z.object({ userName: text(254).min(1) }),
  async handle(context, input) {
    // A user sees its own record; an administrator also those of its organisation.
    const { principal } = context;
    const data = await context.db.query(
      `${USER_INFO_SQL} WHERE u.account = $1 AND (u.user_id = $2 OR ($3 AND u.type_no = $4))`,
      [input.userName, principal.userId, principal.roleId === 1, principal.typeNo],
    );
    return { data };
  },
});

function requireSelf(context: AuthedContext, userId: number) {
  if (userId !== context.principal.userId) throw forbidden('A user may change only its own account here');
}

const updateContactNumber = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/updateContactNumber',
  input: z.object({ contactNumber: text(30), userId: wholeNumber(1), contactEmail: optionalText(254), contactName: optionalText(100) }),
  async handle(context, input) {
    requireSelf(context, input.userId);
    const digits = input.contactNumber.trim();
    if (!/^\d{8,20}$/.test(digits)) return { success: 1, msg: 'The new contact number must have at least 8 digits' };
    const [current] = await context.db.query<{ contact_number: string }>('SELECT contact_number FROM users WHERE user_id = $1', [input.userId]);
    if (current?.contact_number === digits) return { success: 1, msg: 'The new contact number is the same as the current one' };
    await context.db.query('UPDATE users SET pending_contact_number = $2 WHERE user_id = $1', [input.userId, digits]);
    await context.log('contact.update', String(input.userId), { contactNumber: digits });
    return { success: 0, msg: 'Submitted; the review takes 2 to 3 working days' };
  },
});

const resetEmail = publicCall({
  method: 'POST',
  path: '/sso/api/v1/user/sendResetPwdEmail',
  input: z.object({ email: z.email().max(254), lang: z.enum(['en', 'zhTW', 'zhCN']).default('en'), type: optionalText(20), username: text(254).min(1) }),
  async handle(context, input) {
    const { db, clock, config } = context;
    const [user] = await db.query<{ user_id: number; account: string; contact_email: string; name: string }>(
      'SELECT user_id, account, contact_email, name FROM users WHERE account = $1 AND lower(contact_email) = lower($2) AND status = 1',
      [input.username, input.email],
    );
    if (!user) {
      await context.log('password.reset.refused', input.username, { reason: 'email not associated' }, undefined, 'refused');
      return { success: 0, code: 'EMAIL_NOT_ASSOCIATED', msg: 'The email address is not associated with the account.' };
    }
    const randomId = newToken();
    await db.query('INSERT INTO reset_links (random_id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
      randomId, user.user_id, clock.timestamp(), clock.timestamp(config.resetLinkMinutes),
    ]);
    const link = `${config.portalUrl}/reset/${randomId}/`;
    const mail = RESET_MAIL[input.lang](user.name, link, config.resetLinkMinutes);
    await sendMail(db, user.contact_email, mail.subject, mail.body, clock.timestamp());
    await context.log('password.reset.requested', user.account, {}, { userId: user.user_id, account: user.account });
    return { success: 1, msg: 'A reset link has been sent to the email address' };
  },
});

const RESET_MAIL = {
  en: (name: string, link: string, minutes: number) => ({
    subject: 'Reset your merchant portal password',
    body: `Dear ${name},\n\nOpen this link within ${minutes} minutes to set a new password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
  }),
  zhTW: (name: string, link: string, minutes: number) => ({
    subject: '重設商戶服務平臺密碼',
    body: `${name} 您好：\n\n請於 ${minutes} 分鐘內開啟以下連結設定新密碼：\n${link}\n\n如非本人操作，請忽略此郵件。`,
  }),
  zhCN: (name: string, link: string, minutes: number) => ({
    subject: '重设商户服务平台密码',
    body: `${name} 您好：\n\n请于 ${minutes} 分钟内打开以下链接设置新密码：\n${link}\n\n如非本人操作，请忽略此邮件。`,
  }),
};

const LINK_EXPIRED = { success: 0, code: 'RESET_LINK_EXPIRED', msg: 'The webpage has expired, resubmit the reset request; the access address does not exist.' };

const resetLinkInfo = publicCall({
  method: 'POST',
  path: '/sso/api/v1/user/getResetPwdEmailInfo',
  input: z.object({ randomId: text(200).min(1) }),
  async handle({ db, clock }, input) {
    const [row] = await db.query<{ account: string; contact_email: string; expires_at: string }>(
      `SELECT u.account, u.contact_email, to_char(l.expires_at, 'YYYY-MM-DD HH24:MI:SS') AS expires_at FROM reset_links l JOIN users u ON u.user_id = l.user_id
        WHERE l.random_id = $1 AND l.used_at IS NULL AND l.expires_at > $2`,
      [input.randomId, clock.timestamp()],
    );
    return row ? { success: 1, data: { account: row.account, email: row.contact_email, expiresAt: row.expires_at } } : LINK_EXPIRED;
  },
});

/** Completes a reset from the e-mailed link: new password set, link used up (single use). */
const resetByLink = publicCall({
  method: 'POST',
  path: '/sso/api/v1/user/updateEmailDeleted',
  input: z.object({ randomId: text(200).min(1), newPassword: text(256) }),
  outsideTransaction: true,
  async handle(context, input) {
    const { db, clock } = context;
    const now = clock.timestamp();
    return untilStable(async () => {
      const [link] = await db.query<{ user_id: number; account: string }>(
        `SELECT l.user_id, u.account FROM reset_links l JOIN users u ON u.user_id = l.user_id
          WHERE l.random_id = $1 AND l.used_at IS NULL AND l.expires_at > $2`,
        [input.randomId, now],
      );
      if (!link) return LINK_EXPIRED;
      const state = await passwordState(db, link.user_id, 'login');
      const problem = await newPasswordProblem(state, input.newPassword);
      if (problem) return { success: 2, code: problem, msg: 'The new password does not meet the policy' };
      const hash = await hashPassword(input.newPassword);
      return context.writes(async (step) => {
        // The link is used once: of two resets racing, the second finds it used.
        const [open] = await step.db.query('SELECT 1 FROM reset_links WHERE random_id = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE', [input.randomId, now]);
        if (!open) return LINK_EXPIRED;
        if (!(await storePassword(step.db, link.user_id, 'login', hash, state.current, now))) return STALE;
        await step.db.query('UPDATE reset_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [link.user_id, now]);
        await step.db.query('UPDATE tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [link.user_id, now]);
        await step.log('password.reset', link.account, {}, { userId: link.user_id, account: link.account });
        // Whose password it was: the portal ends that user's open sessions at once (their tokens die above).
        return { success: 1, msg: 'The password has been reset', userId: link.user_id };
      });
    });
  },
});

const passwordRepeat = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/boolPwdIsRepeat',
  input: z.object({ userId: wholeNumber(1), newPassword: text(256), type: passwordType }),
  outsideTransaction: true,
  async handle(context, input) {
    requireSelf(context, input.userId);
    return { success: (await isRecentPassword(await passwordState(context.db, input.userId, input.type), input.newPassword)) ? 1 : 0 };
  },
});

function requireOpPassword(context: AuthedContext, kind: PasswordKind) {
  if (kind === 'op' && !context.principal.hasOpPassword) throw forbidden('This role has no management password');
}

const verifyOldPassword = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/verifyOldPassword',
  input: z.object({ userId: wholeNumber(1), oldPassword: text(256), type: passwordType }),
  outsideTransaction: true,
  async handle(context, input) {
    requireSelf(context, input.userId);
    requireOpPassword(context, input.type);
    const hash = await currentPasswordHash(context.db, input.userId, input.type);
    if (!hash) return { result: 3, msg: 'The management password has not been set; find it in the activation e-mail' };
    const matches = await verifyPassword(input.oldPassword, hash);
    return context.writes(async (step) => {
      const wrong = async () => {
        await step.log('password.verify.failed', input.type, {}, undefined, 'refused');
        return { result: 1, msg: 'The password is incorrect' };
      };
      if (!matches) return wrong();
      // The check holds only for the password it was made against: not if it changed meanwhile.
      const [verified] = await step.db.query(
        `UPDATE tokens SET verified_at = $2, verified_kind = $3 WHERE token_hash = $1
            AND EXISTS (SELECT 1 FROM users WHERE user_id = $4 AND ${passwordColumn(input.type)} = $5) RETURNING 1`,
        [step.principal.tokenHash, step.clock.timestamp(), input.type, input.userId, hash],
      );
      return verified ? { result: 0 } : wrong();
    });
  },
});

/**
 * Sets a password after the policy and history checks; the caller has proven the right to, or
 * proves it with `oldPassword`. The checks and the new hash are made outside any transaction; the
 * write then proves the password did not change meanwhile (else all is made again).
 */
function changePassword(context: AuthedContext, kind: PasswordKind, password: string, oldPassword?: string) {
  const { db, clock, principal } = context;
  return untilStable(async () => {
    const state = await passwordState(db, principal.userId, kind);
    if (oldPassword !== undefined) {
      if (!state.current) return { success: 3, msg: 'The management password has not been set' };
      if (!(await verifyPassword(oldPassword, state.current))) {
        await context.writes((step) => step.log('password.verify.failed', kind, {}, undefined, 'refused'));
        return { success: 1, code: 'pwd.pwdError', msg: 'The current password is incorrect' };
      }
    }
    const problem = await newPasswordProblem(state, password);
    if (problem) return { success: 2, code: problem, msg: 'The new password does not meet the policy' };
    const hash = await hashPassword(password);
    return context.writes(async (step) => {
      const now = clock.timestamp();
      if (!(await storePassword(step.db, principal.userId, kind, hash, state.current, now))) return STALE;
      // Every other session of the user ends; this one continues (the portal re-issues its cookie).
      await step.db.query('UPDATE tokens SET revoked_at = $3 WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL', [principal.userId, principal.tokenHash, now]);
      await step.db.query('UPDATE tokens SET verified_at = NULL, verified_kind = NULL WHERE token_hash = $1', [principal.tokenHash]);
      await step.log(kind === 'login' ? 'password.change' : 'password.op.change');
      return { success: 0, msg: 'Password updated' };
    });
  });
}

const updatePassword = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/updateEpaPassword',
  duringFactorSetup: true,
  input: z.object({ userId: wholeNumber(1), newPassword: text(256), type: passwordType }),
  outsideTransaction: true,
  async handle(context, input) {
    requireSelf(context, input.userId);
    requireOpPassword(context, input.type);
    const [flags] = await context.db.query<{ pwd_flag: boolean; op_pwd_flag: boolean }>('SELECT pwd_flag, op_pwd_flag FROM users WHERE user_id = $1', [input.userId]);
    const flagged = input.type === 'login' ? flags?.pwd_flag : flags?.op_pwd_flag;
    // The check must have proved this very password, not the other kind.
    const verified = context.principal.verifiedKind === input.type && context.principal.verifiedAt !== null && context.principal.verifiedAt > context.clock.timestamp(-VERIFIED_WINDOW_MINUTES);
    if (!flagged && !verified) {
      throw new ServiceError(403, 'PASSWORD_CHECK_REQUIRED', 'Verify the current password first (verifyOldPassword)');
    }
    return changePassword(context, input.type, input.newPassword);
  },
});

const changePasswordCall = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/changePassword',
  input: z.object({ userId: wholeNumber(1), oldPassword: text(256), newPassword: text(256), type: passwordType }),
  outsideTransaction: true,
  async handle(context, input) {
    requireSelf(context, input.userId);
    requireOpPassword(context, input.type);
    return changePassword(context, input.type, input.newPassword, input.oldPassword);
  },
});

export const SSO_ENDPOINTS: Endpoint[] = [
  login, loginByToken, renewToken, logout, menu, userInfoList, updateContactNumber, resetEmail, resetLinkInfo, resetByLink,
  passwordRepeat, verifyOldPassword, updatePassword, changePasswordCall,
];

export { issueToken, SSO_TOKEN_MINUTES, USER_INFO_SQL };
