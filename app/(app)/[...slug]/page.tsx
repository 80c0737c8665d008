import { Card, Empty } from 'antd';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ErrorPage } from '@/components/public/ErrorPage';
import { PageHeading } from '@/components/ui/PageHeading';
import { menuCodeOf } from '@/lib/auth/routes';
import { currentSession } from '@/lib/session/server';

type Props = { params: Promise<{ slug: string[] }> };

const codeOf = async (params: Props['params']) => menuCodeOf(`/${(await params).slug.join('/')}`);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [code, t] = await Promise.all([codeOf(params), getTranslations()]);
  return { title: code ? t(`menu.${code}` as never) : t('errors.notFound.title') };
}

/**
 * Any other path inside the shell: a menu route whose screen has not been built yet says so, one
 * the user's menus lack says "no access" (the proxy already shows that; checked again here), and
 * anything else is the shell's 404.
 */
export default async function UnavailablePage({ params }: Props) {
  const [code, session, t] = await Promise.all([codeOf(params), currentSession(), getTranslations()]);
  if (!code) notFound();
  if (!session?.menus.includes(code)) return <ErrorPage kind="forbidden" />;
  return (
    <Card>
      <PageHeading title={t(`menu.${code}` as never)} />
      <Empty description={t('shell.unavailable')} />
    </Card>
  );
}
