import { Card } from 'antd';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/ui/PageHeading';
import { currentSession } from '@/lib/session/server';

/** The landing page after sign-in; its figures arrive with the dashboard issue. */
export default async function DashboardPage() {
  const session = await currentSession();
  if (!session?.menus.includes('dashboard')) redirect('/login');
  const t = await getTranslations();
  return (
    <Card>
      <PageHeading title={t('account.greeting', { name: session.nickName })} subtitle={t('dashboard.preparing')} />
    </Card>
  );
}
