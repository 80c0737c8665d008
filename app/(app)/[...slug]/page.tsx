import { Card, Empty } from 'antd';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/ui/PageHeading';
import { menuCodeOf } from '@/lib/auth/routes';
import { currentSession } from '@/lib/session/server';

/** Menu routes whose screens have not been built yet say so, inside the shell. */
export default async function UnavailablePage({ params }: { params: Promise<{ slug: string[] }> }) {
  const [{ slug }, session, t] = await Promise.all([params, currentSession(), getTranslations()]);
  const code = menuCodeOf(`/${slug.join('/')}`);
  if (!code || !session?.menus.includes(code)) notFound();
  return (
    <Card>
      <PageHeading title={t(`menu.${code}` as never)} />
      <Empty description={t('shell.unavailable')} />
    </Card>
  );
}
