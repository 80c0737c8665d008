/** The client version the spec names (section 9); compared with the upstream version header. */
export const APP_VERSION = '4.4.9';
