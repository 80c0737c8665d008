/** Spec section 3: the login type of a session signed in with a temporary password. */
export const TEMP_PASSWORD_LOGIN_TYPE = 'EPA_use_temp_password';
