/**
 * Roles whose users have a management password (spec section 6): 1 to 3, and 7, which "can change
 * the administrator password" and approves refunds with it (docs/decisions.md).
 */
export const MANAGEMENT_PASSWORD_ROLES = [1, 2, 3, 7];

/** Which password changes a session still owes before it may go anywhere else. */
export function pendingPasswordChanges(session: { pwdFlag: boolean; opPwdFlag: boolean; roleId: number }) {
  return { login: session.pwdFlag, management: session.opPwdFlag && MANAGEMENT_PASSWORD_ROLES.includes(session.roleId) };
}
