/** Spec section 3: the login type of a session signed in with a temporary password. */
export const TEMP_PASSWORD_LOGIN_TYPE = 'EPA_use_temp_password';
/** The login type of a session signed in with the user's own password. */
export const OWN_PASSWORD_LOGIN_TYPE = 'EPA';
