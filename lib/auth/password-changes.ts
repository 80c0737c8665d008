import { OWN_PASSWORD_LOGIN_TYPE } from './login-type';

/**
 * Roles whose users have a management password (spec section 6): 1 to 3, and 7, which "can change
 * the administrator password" and approves refunds with it (docs/decisions.md).
 */
export const MANAGEMENT_PASSWORD_ROLES = [1, 2, 3, 7];

/** Which password changes a session still owes before it may go anywhere else. */
export function pendingPasswordChanges(session: { pwdFlag: boolean; opPwdFlag: boolean; roleId: number }) {
  return { login: session.pwdFlag, management: session.opPwdFlag && MANAGEMENT_PASSWORD_ROLES.includes(session.roleId) };
}

/**
 * What a session becomes once the user sets a password (1 login, 2 management): the flag it owed is
 * cleared, and a login password of the user's own ends the session's temporary-password login type,
 * so the shell stops saying the user is signed in with a temporary password.
 */
export function afterPasswordSet(type: 1 | 2) {
  return type === 1 ? { pwdFlag: false, loginType: OWN_PASSWORD_LOGIN_TYPE } : { opPwdFlag: false };
}
