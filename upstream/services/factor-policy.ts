import type { FactorPolicy } from '../../lib/two-step/codes';
import type { Queryable } from '../db/database';

/**
 * A customer administrator's second-factor policy (issue 26) covers its customer's users and its
 * merchants' sub accounts: nobody, the roles that approve refunds or manage accounts, or everyone.
 */
export async function policyOfOrganisation(db: Queryable, customerNo: string): Promise<FactorPolicy> {
  const [row] = await db.query<{ policy: FactorPolicy }>('SELECT policy FROM factor_policies WHERE type_no = $1', [customerNo]);
  return row?.policy ?? 'none';
}

/** The customer a user belongs to (a merchant sub account's is its merchant's), or null for a partner. */
async function customerOf(db: Queryable, user: { type: string; type_no: string }): Promise<string | null> {
  if (user.type === 'CUSTOMER') return user.type_no;
  if (user.type !== 'MERCHANT') return null;
  const [row] = await db.query<{ customer_no: string }>('SELECT customer_no FROM merchants WHERE merchant_no = $1', [user.type_no]);
  return row?.customer_no ?? null;
}

/** True when the user's organisation requires a second factor of this user. */
export async function factorRequired(db: Queryable, user: { type: string; type_no: string; role_id: number }): Promise<boolean> {
  const customer = await customerOf(db, user);
  if (!customer) return false;
  const policy = await policyOfOrganisation(db, customer);
  if (policy !== 'approvers') return policy === 'all';
  const [role] = await db.query<{ can_approve: boolean }>('SELECT can_approve FROM roles WHERE role_id = $1', [user.role_id]);
  return user.role_id === 1 || role?.can_approve === true;
}
