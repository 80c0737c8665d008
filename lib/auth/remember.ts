import 'server-only';
import type { NextResponse } from 'next/server';
import { REMEMBER_DAYS } from '../two-step/codes';

/**
 * Remember me (DESIGN.md section 3, issue 26): the account name in a cookie, and a revocable,
 * rotating device token the services keep (one day, used up by each sign-in and replaced), in an
 * httpOnly cookie; never the password, not even sealed. The login form learns only that a sign-in
 * is remembered.
 */
export const REMEMBER = { username: 'ctrs_username', token: 'ctrs_token', flag: 'ctrs_rememberme' } as const;
/** Browsers signed in before issue 26 hold the sealed password here: every sign-in answer removes it. */
const LEGACY_PASSWORD_COOKIE = 'ctrs_password';

export function remember(response: NextResponse, username: string, token: string, secure: boolean) {
  const options = { httpOnly: true, secure, sameSite: 'lax' as const, path: '/', maxAge: REMEMBER_DAYS * 24 * 60 * 60 };
  response.cookies.set(REMEMBER.username, username, options);
  response.cookies.set(REMEMBER.token, token, options);
  response.cookies.set(REMEMBER.flag, '1', options);
  response.cookies.set(LEGACY_PASSWORD_COOKIE, '', { path: '/', maxAge: 0 });
}

export function forget(response: NextResponse) {
  for (const name of [...Object.values(REMEMBER), LEGACY_PASSWORD_COOKIE]) response.cookies.set(name, '', { path: '/', maxAge: 0 });
}
