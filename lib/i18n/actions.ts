'use server';

import { cookies } from 'next/headers';
import { z } from 'zod';
import { LANGUAGE_COOKIE, LANGUAGES } from './languages';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const languageSchema = z.enum(LANGUAGES);

/**
 * Stores the chosen language. Setting a cookie in a server action makes Next re-render the
 * current route on the server, so the page switches language without a full reload.
 */
export async function setLanguage(input: unknown): Promise<{ ok: boolean }> {
  const parsed = languageSchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  (await cookies()).set(LANGUAGE_COOKIE, parsed.data, {
    path: '/',
    maxAge: ONE_YEAR_SECONDS,
    sameSite: 'lax',
    // Not secret and read by nothing but the server; left without Secure so plain-HTTP demos work.
    httpOnly: true,
  });
  return { ok: true };
}
