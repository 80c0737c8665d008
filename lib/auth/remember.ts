import 'server-only';
import { sealData, unsealData } from 'iron-session';
import type { NextRequest, NextResponse } from 'next/server';
import { openingPasswords, sealingPassword } from '../session/config';

/**
 * Remember me (DESIGN.md section 3, spec section 3): the user name in a plain cookie, the password
 * sealed with the server's secret in an httpOnly cookie, a flag; all three for 1 day. The login
 * form learns only that a password is remembered, never the password.
 */
export const REMEMBER = { username: 'ctrs_username', password: 'ctrs_password', flag: 'ctrs_rememberme' } as const;
const ONE_DAY = 24 * 60 * 60;

export async function remember(response: NextResponse, username: string, password: string, secure: boolean) {
  const options = { httpOnly: true, secure, sameSite: 'lax' as const, path: '/', maxAge: ONE_DAY };
  response.cookies.set(REMEMBER.username, username, options);
  response.cookies.set(REMEMBER.password, await sealData({ username, password }, { password: sealingPassword(), ttl: ONE_DAY }), options);
  response.cookies.set(REMEMBER.flag, '1', options);
}

export function forget(response: NextResponse) {
  for (const name of Object.values(REMEMBER)) response.cookies.set(name, '', { path: '/', maxAge: 0 });
}

/** The remembered password, only for the account it was remembered for. */
export async function rememberedPassword(request: NextRequest, username: string): Promise<string | undefined> {
  const sealed = request.cookies.get(REMEMBER.password)?.value;
  if (!sealed) return undefined;
  try {
    const data = await unsealData<{ username?: string; password?: string }>(sealed, { password: openingPasswords(), ttl: ONE_DAY });
    return data.username === username ? data.password : undefined;
  } catch {
    return undefined;
  }
}
