import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ACCOUNT_NAME_MIN, CONTACT_NUMBER_PATTERN } from '../../lib/accounts/rules';
import { passwordProblems } from '../../lib/auth/password-policy';
import { csvLine, UTF8_BOM } from '../../lib/export/csv';
import { authedCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { forbidden, notFound } from '../http/errors';
import { optionalText, pageOf, pageOffset, paging, text, wholeNumber } from '../http/inputs';
import { hashPassword } from '../rules/password-hash';
import { proofFields } from '../../lib/two-step/rules';
import { stepUp } from './factor-proof';
import { sendMail } from './mail';
import { revokeDeviceTokens } from './second-step';
import { USER_INFO_SQL } from './sso';

/** Spec section 5's account rules. */
const status = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number);
const appellation = z.enum(['MR', 'MS']);

function requireAdministrator(context: AuthedContext) {
  if (context.principal.roleId !== 1 || context.principal.rank !== 'CUSTOMER') throw forbidden('Only the account administrator manages accounts');
}

const contactFields = {
  contactNumber: text(30).regex(CONTACT_NUMBER_PATTERN, 'must have at least 8 digits'),
  contactName: text(100).min(ACCOUNT_NAME_MIN, `must have at least ${ACCOUNT_NAME_MIN} characters`),
  contactEmail: z.email().max(254),
  jobTitle: text(100).min(1),
  department: text(100).min(1),
  appellation,
};

/** The account's main account number (spec section 5, required) is the administrator's own organisation. */
const mainAccountNumber = text(30).min(1);
function requireOwnOrganisation(context: AuthedContext, typeNo: string) {
  if (typeNo !== context.principal.typeNo) throw forbidden('Accounts are added to the administrator\'s own organisation only');
}

const EDITED_FIELDS = {
  contactNumber: 'contact_number',
  contactName: 'contact_name',
  contactEmail: 'contact_email',
  roleId: 'role_id',
  status: 'status',
  jobTitle: 'job_title',
  department: 'department',
  appellation: 'appellation',
} as const;

const editAccount = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/updateCustomerUserInfo',
  menus: ['accountStatus'],
  // Role 1 is the sole account administrator (spec section 6): nobody is promoted to it.
  input: z.object({ userId: wholeNumber(1), roleId: wholeNumber(2, 8), status, ...contactFields, ...proofFields }),
  async handle(context, input) {
    requireAdministrator(context);
    const { db, principal } = context;
    if (input.userId === principal.userId) return { success: 1, code: 'OWN_ACCOUNT', msg: 'The administrator cannot change its own role or status' };
    // The account is looked up first. The e-mail check leaves the account's own address out, so run first it
    // answered 404 for another organisation's account sent with its own address, and DUPLICATE_EMAIL for a missing id.
    const [before] = await db.query<Record<(typeof EDITED_FIELDS)[keyof typeof EDITED_FIELDS], unknown> & { account: string }>(
      `SELECT account, ${Object.values(EDITED_FIELDS).join(', ')} FROM users
        WHERE user_id = $1 AND type <> 'PARTNER' AND (type_no = $2 OR (type = 'MERCHANT' AND type_no = ANY($3))) FOR UPDATE`,
      [input.userId, principal.typeNo, (await context.scope()).merchants],
    );
    if (!before) throw notFound('No such account in this organisation');
    // Account names and e-mail addresses are one namespace: either signs in.
    const [taken] = await db.query('SELECT 1 FROM users WHERE (lower(contact_email) = lower($1) OR lower(account) = lower($1)) AND user_id <> $2', [input.contactEmail, input.userId]);
    if (taken) return { success: 1, code: 'DUPLICATE_EMAIL', msg: 'Another account uses this e-mail address' };
    await stepUp(context, input);
    await db.query(
      `UPDATE users SET contact_number = $2, contact_name = $3, contact_email = $4, role_id = $5, status = $6, job_title = $7,
              department = $8, appellation = $9 WHERE user_id = $1`,
      [input.userId, input.contactNumber, input.contactName, input.contactEmail, input.roleId, input.status, input.jobTitle, input.department, input.appellation],
    );
    // A deactivated user's sessions end now: its tokens die here, its portal sessions at the portal.
    if (input.status === 0) {
      await db.query('UPDATE tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [input.userId, context.clock.timestamp()]);
      await revokeDeviceTokens(db, input.userId, context.clock.timestamp());
    }
    const changed = (Object.keys(EDITED_FIELDS) as (keyof typeof EDITED_FIELDS)[]).filter((field) => String(before[EDITED_FIELDS[field]]) !== String(input[field]));
    const action = before.status === input.status ? 'account.edit' : input.status === 1 ? 'account.activate' : 'account.deactivate';
    await context.log(action, before.account, { userId: input.userId, changed, roleId: input.roleId });
    return { success: 0, msg: 'Account updated' };
  },
});

/** A temporary password that meets the policy (digit, both cases, a special character), mailed to the new user. */
const temporaryPassword = () => `Tmp#${randomBytes(9).toString('base64url')}7a`;

const insertAccount = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/insertAccount',
  menus: ['accountStatus'],
  input: z.object({
    account: text(254).min(ACCOUNT_NAME_MIN, `must have at least ${ACCOUNT_NAME_MIN} characters`),
    // Normally the service makes the temporary password, so nobody but the new user learns it.
    password: text(256).optional(),
    roleId: wholeNumber(2, 8),
    name: text(100).min(ACCOUNT_NAME_MIN),
    isAdmin: z.unknown().optional(),
    type: z.enum(['CUSTOMER', 'MERCHANT']).default('CUSTOMER'),
    typeNo: mainAccountNumber,
    merchantNo: optionalText(30),
    assignedBy: optionalText(300),
    authBy: optionalText(300),
    status: status.default(1),
    ...contactFields,
    ...proofFields,
  }),
  // The new passwords are hashed (scrypt) before the call's short transaction, holding nothing.
  outsideTransaction: true,
  async handle(context, input) {
    requireAdministrator(context);
    requireOwnOrganisation(context, input.typeNo);
    const { clock, principal } = context;
    const password = input.password || temporaryPassword();
    const [problem] = passwordProblems(password);
    if (problem) return { success: 2, code: problem, msg: 'The temporary password does not meet the policy' };
    const [role] = await context.db.query<{ has_op_password: boolean }>('SELECT has_op_password FROM roles WHERE role_id = $1', [input.roleId]);
    const opPassword = role?.has_op_password ? `Op#${randomBytes(6).toString('base64url')}9a` : null;
    const passwordHash = await hashPassword(password);
    const opPasswordHash = opPassword ? await hashPassword(opPassword) : null;
    return context.writes(async (step) => {
      const { db } = step;
      // A sub account of type MERCHANT belongs to one merchant of the administrator's customer.
      let typeNo = principal.typeNo;
      if (input.type === 'MERCHANT') {
        const scope = await step.scope();
        if (!input.merchantNo || !scope.merchants.includes(input.merchantNo)) return { success: 1, code: 'MERCHANT_REQUIRED', msg: 'Choose an associated merchant of this customer' };
        const [existing] = await db.query("SELECT 1 FROM users WHERE type = 'MERCHANT' AND type_no = $1", [input.merchantNo]);
        if (existing) return { success: 1, code: 'MERCHANT_HAS_ACCOUNT', msg: 'This merchant already has an account' };
        typeNo = input.merchantNo;
      }
      const [duplicate] = await db.query(
        'SELECT 1 FROM users WHERE lower(account) IN (lower($1), lower($2)) OR lower(contact_email) IN (lower($1), lower($2))',
        [input.account, input.contactEmail],
      );
      if (duplicate) return { success: 1, code: 'DUPLICATE_ACCOUNT', msg: 'An account with this name or e-mail address exists' };
      await stepUp(step, input);
      const [row] = await db.query<{ user_id: number }>(
        `INSERT INTO users (account, type, type_no, name, contact_name, contact_email, contact_number, is_admin, role_id, status,
           password_hash, op_password_hash, pwd_flag, op_pwd_flag, assigned_by, auth_by, job_title, department, appellation, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8, $9, $10, $11, true, $12, $13, $14, $15, $16, $17, $18) RETURNING user_id`,
        [
          input.account, input.type, typeNo, input.name, input.contactName, input.contactEmail, input.contactNumber, input.roleId, input.status,
          passwordHash, opPasswordHash, opPassword !== null,
          input.assignedBy ?? `${principal.name} (${principal.account})`, input.authBy ?? `${principal.name} (${principal.account})`,
          input.jobTitle, input.department, input.appellation, clock.timestamp(),
        ],
      );
      // The temporary passwords go into the history, so the forced change cannot keep them.
      for (const [kind, hash] of [['login', passwordHash], ['op', opPasswordHash]] as const) {
        if (hash) await db.query('INSERT INTO password_history (user_id, kind, password_hash, created_at) VALUES ($1, $2, $3, $4)', [row?.user_id, kind, hash, clock.timestamp()]);
      }
      const body = `Dear ${input.contactName},\n\nAn account "${input.account}" has been opened for you.\n\nYour temporary password: ${password}\nYou will be asked to change it at your first sign-in.${
        opPassword ? `\n\nYour management password: ${opPassword}\nYou will be asked to change it at your first sign-in.` : ''
      }`;
      await sendMail(db, input.contactEmail, 'Your merchant portal account', body, clock.timestamp());
      await step.log('account.create', input.account, { roleId: input.roleId, userId: row?.user_id, type: input.type });
      return { success: 0, msg: 'Account created', userId: row?.user_id };
    });
  },
});

const listAccounts = authedCall({
  method: 'GET',
  path: '/sso/api/v1/user/getCustomerUserAccounts',
  menus: ['accountStatus'],
  input: z.object({
    ...paging,
    sort: z.enum(['userId', 'account', 'roleId', 'status']).default('userId'),
    userName: optionalText(254),
    email: optionalText(254),
    roleId: wholeNumber(1, 8).optional(),
    typeNo: optionalText(30),
  }),
  async handle(context, input) {
    requireAdministrator(context);
    const where = `WHERE (u.type_no = $1 OR u.type_no = ANY($2)) AND ($3::text IS NULL OR u.account ILIKE '%' || $3 || '%')
      AND ($4::text IS NULL OR u.contact_email ILIKE '%' || $4 || '%') AND ($5::int IS NULL OR u.role_id = $5)`;
    const params = [context.principal.typeNo, (await context.scope()).merchants, input.userName || null, input.email || null, input.roleId ?? null];
    const column = { userId: 'u.user_id', account: 'u.account', roleId: 'u.role_id', status: 'u.status' }[input.sort];
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, params);
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `${USER_INFO_SQL} ${where} ORDER BY ${column} ${input.order === 'asc' ? 'ASC' : 'DESC'} LIMIT $6 OFFSET $7`,
      [...params, input.limit, offset],
    );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

/** Whether the user must still complete its account details (job title, department) and be mailed. */
const forcedUpdate = authedCall({
  method: 'GET',
  path: '/sso/api/v1/user/boolIsForcedUpdAccInfoToSqliteAndSendEmail',
  input: z.object({ userId: wholeNumber(1) }),
  async handle(context, input) {
    if (input.userId !== context.principal.userId) throw forbidden();
    const [row] = await context.db.query<{ missing: boolean }>("SELECT (job_title = '' OR department = '') AS missing FROM users WHERE user_id = $1", [input.userId]);
    return { success: row?.missing ? 1 : 0 };
  },
});

const completeAccountInfo = authedCall({
  method: 'POST',
  path: '/sso/api/v1/user/insertToSqlite',
  input: z.object({ userId: wholeNumber(1), jobTitle: contactFields.jobTitle, department: contactFields.department, appellation, contactName: contactFields.contactName }),
  async handle(context, input) {
    if (input.userId !== context.principal.userId) throw forbidden();
    const [user] = await context.db.query<{ contact_email: string }>(
      'UPDATE users SET job_title = $2, department = $3, appellation = $4, contact_name = $5 WHERE user_id = $1 RETURNING contact_email',
      [input.userId, input.jobTitle, input.department, input.appellation, input.contactName],
    );
    if (user) await sendMail(context.db, user.contact_email, 'Your account details were updated', `Dear ${input.contactName},\n\nYour job title and department are now on record.`, context.clock.timestamp());
    await context.log('account.complete', String(input.userId));
    return { success: 0, msg: 'Saved' };
  },
});

const exportAccounts = authedCall({
  method: 'GET',
  path: '/sso/api/v1/user/exportAccounts',
  menus: ['accountStatus'],
  writes: true,
  contentType: 'text/csv; charset=utf-8',
  input: z.object({}),
  async handle(context) {
    requireAdministrator(context);
    const rows = await context.db.query<Record<string, unknown>>(
      `${USER_INFO_SQL} WHERE u.type_no = $1 OR u.type_no = ANY($2) ORDER BY u.user_id`,
      [context.principal.typeNo, (await context.scope()).merchants],
    );
    const columns = ['account', 'contactName', 'contactEmail', 'contactNumber', 'roleName', 'status', 'jobTitle', 'department', 'lastPwdDate'];
    await context.log('file.export', 'accounts', { format: 'csv', rows: rows.length });
    // The portal's CSV rule (formula-safe cells, RFC 4180, BOM for Excel) lives in one module.
    return UTF8_BOM + [columns, ...rows.map((row) => columns.map((c) => row[c]))].map(csvLine).join('');
  },
});

export const ACCOUNT_ENDPOINTS: Endpoint[] = [editAccount, insertAccount, listAccounts, forcedUpdate, completeAccountInfo, exportAccounts];
