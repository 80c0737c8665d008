import { Card } from 'antd';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { TwoStepSetup } from '@/components/two-step/TwoStepSetup';
import { PageHeading } from '@/components/ui/PageHeading';
import { homePath } from '@/lib/auth/routes';
import { currentSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('twoStep.setup'))('title') };
}

/** Reachable only while the organisation's policy asks a second factor of this user (checked here again, not only in the proxy). */
export default async function TwoStepSetupPage() {
  const session = await currentSession();
  if (!session) redirect('/login');
  if (!session.factorSetup) redirect(homePath(session.menus));
  const t = await getTranslations('twoStep.setup');
  return (
    <Card style={{ width: '100%', maxWidth: 720 }}>
      <PageHeading title={t('title')} />
      <TwoStepSetup />
    </Card>
  );
}
