import 'server-only';
import { getTranslations } from 'next-intl/server';
import { SIGN_IN_KEYS, type SignInTexts } from './texts';

export async function signInTexts(): Promise<SignInTexts> {
  const t = await getTranslations();
  return Object.fromEntries(SIGN_IN_KEYS.map((key) => [key, t(key)])) as SignInTexts;
}
