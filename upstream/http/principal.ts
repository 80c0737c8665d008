import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

/** The user behind a token, and what the user may see. */
export interface Principal {
  userId: number;
  account: string;
  name: string;
  type: 'CUSTOMER' | 'MERCHANT' | 'PARTNER';
  typeNo: string;
  rank: 'CUSTOMER' | 'PARTNER';
  roleId: number;
  isAdmin: boolean;
  canApply: boolean;
  canApprove: boolean;
  hasOpPassword: boolean;
  singleSearchOnly: boolean;
  tokenHash: string;
  loginType: string;
  verifiedAt: string | null;
  verifiedKind: 'login' | 'op' | null;
  /** The token was issued to a user who owes a second factor: only set-up calls accept it (issue 26). */
  factorSetup: boolean;
  range: { merchant?: string[]; store?: string[]; group?: string[] };
}

/** Data scope: the customers and merchants a principal may see, whatever the request names. */
export interface Scope {
  customers: string[];
  merchants: string[];
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export const PRINCIPAL_SQL = `
  SELECT u.user_id, u.account, u.name, u.type, u.type_no, u.role_id, u.is_admin, u.range,
         r.can_apply, r.can_approve, r.has_op_password, r.single_search_only,
         t.token_hash, t.login_type, t.verified_at, t.verified_kind, t.factor_setup
    FROM tokens t
    JOIN users u ON u.user_id = t.user_id
    JOIN roles r ON r.role_id = u.role_id
   WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2 AND t.kind = 'session' AND u.status = 1`;

interface PrincipalRow {
  user_id: number;
  account: string;
  name: string;
  type: Principal['type'];
  type_no: string;
  role_id: number;
  is_admin: boolean;
  range: Principal['range'];
  can_apply: boolean;
  can_approve: boolean;
  has_op_password: boolean;
  single_search_only: boolean;
  token_hash: string;
  login_type: string;
  verified_at: string | null;
  verified_kind: 'login' | 'op' | null;
  factor_setup: boolean;
}

export async function principalForToken(db: Queryable, token: string, now: string): Promise<Principal | null> {
  const [row] = await db.query<PrincipalRow>(PRINCIPAL_SQL, [hashToken(token), now]);
  if (!row) return null;
  return {
    userId: row.user_id,
    account: row.account,
    name: row.name,
    type: row.type,
    typeNo: row.type_no,
    rank: row.type === 'PARTNER' ? 'PARTNER' : 'CUSTOMER',
    roleId: row.role_id,
    isAdmin: row.is_admin,
    canApply: row.can_apply,
    canApprove: row.can_approve,
    hasOpPassword: row.has_op_password,
    singleSearchOnly: row.single_search_only,
    tokenHash: row.token_hash,
    loginType: row.login_type,
    verifiedAt: row.verified_at,
    verifiedKind: row.verified_kind,
    factorSetup: row.factor_setup,
    range: row.range ?? {},
  };
}

export async function scopeOf(db: Queryable, principal: Principal): Promise<Scope> {
  if (principal.type === 'MERCHANT') {
    // A merchant sub-account sees its one merchant, of its customer.
    const rows = await db.query<{ customer_no: string }>('SELECT customer_no FROM merchants WHERE merchant_no = $1', [principal.typeNo]);
    return { customers: rows.map((r) => r.customer_no), merchants: rows.length ? [principal.typeNo] : [] };
  }
  const customers =
    principal.rank === 'PARTNER'
      ? (await db.query<{ customer_no: string }>('SELECT customer_no FROM customers WHERE partner_no = $1 ORDER BY 1', [principal.typeNo])).map((r) => r.customer_no)
      : [principal.typeNo];
  const limit = principal.range.merchant?.length ? principal.range.merchant : null;
  const merchants = (
    await db.query<{ merchant_no: string }>(
      'SELECT merchant_no FROM merchants WHERE customer_no = ANY($1) AND ($2::text[] IS NULL OR merchant_no = ANY($2)) ORDER BY 1',
      [customers, limit],
    )
  ).map((r) => r.merchant_no);
  return { customers, merchants };
}

/** Leaf menu codes of a user: the role's (every leaf for an admin), minus customer-only ones for partners. */
export async function menuCodesOf(db: Queryable, principal: Pick<Principal, 'roleId' | 'isAdmin' | 'rank'>): Promise<string[]> {
  const rows = await db.query<{ code: string }>(
    `SELECT m.code FROM menus m
      WHERE NOT EXISTS (SELECT 1 FROM menus c WHERE c.parent_code = m.code)
        AND ($2 OR m.code IN (SELECT menu_code FROM role_menus WHERE role_id = $1))
        AND ($3 = 'CUSTOMER' OR NOT m.customer_only)
      ORDER BY m.sort`,
    [principal.roleId, principal.isAdmin, principal.rank],
  );
  return rows.map((r) => r.code);
}
