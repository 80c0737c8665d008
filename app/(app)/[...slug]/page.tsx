import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ErrorPage } from '@/components/public/ErrorPage';
import { menuCodeOf } from '@/lib/auth/routes';
import { currentSession } from '@/lib/session/server';

type Props = { params: Promise<{ slug: string[] }> };

const codeOf = async (params: Props['params']) => menuCodeOf(`/${(await params).slug.join('/')}`);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [code, t] = await Promise.all([codeOf(params), getTranslations()]);
  return { title: code ? t(`menu.${code}` as never) : t('errors.notFound.title') };
}

/**
 * Any other path inside the shell. Every menu route has its own page, so a menu route reaching
 * here is one the user's menus lack ("no access"; the proxy already shows that, checked again
 * here), and anything else is the shell's 404.
 */
export default async function OtherPathPage({ params }: Props) {
  const [code, session] = await Promise.all([codeOf(params), currentSession()]);
  if (!code || session?.menus.includes(code)) notFound();
  return <ErrorPage kind="forbidden" />;
}
