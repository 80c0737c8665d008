'use client';

import { markSigningOut, postJson } from './api';

/** Tab-visibility rule (spec section 2): the signed-in user id, per browser. */
export const USER_KEY = 'portal_user';

/** Signs out (the server revokes the session and the upstream token) and loads the login page. */
export async function signOut() {
  markSigningOut();
  localStorage.removeItem(USER_KEY);
  const result = await postJson<{ redirect: string }>('/api/auth/logout', {}, { onSessionEnd: 'return' });
  window.location.assign(result.ok ? result.data.redirect : '/login');
}
