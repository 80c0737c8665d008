/** The cookie that remembers whether the sidebar is open ('1') or closed ('0'); read by the server for the first paint. */
export const SIDEBAR_COOKIE = 'sidebar_status';
