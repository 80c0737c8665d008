import { Card } from 'antd';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { FirstLoginForm } from '@/components/auth/FirstLoginForm';
import { PageHeading } from '@/components/ui/PageHeading';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { homePath } from '@/lib/auth/routes';
import { currentSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('firstLogin'))('title') };
}

/** Reachable only while a password flag is set (checked here again, not only in the proxy). */
export default async function FirstLoginPage() {
  const session = await currentSession();
  if (!session) redirect('/login');
  const pending = pendingPasswordChanges(session);
  if (!pending.login && !pending.management) redirect(homePath(session.menus));
  const t = await getTranslations('firstLogin');
  const steps = [...(session.pwdFlag ? (['login'] as const) : []), ...(pending.management ? (['management'] as const) : [])];
  return (
    <Card style={{ width: '100%', maxWidth: 520 }}>
      <PageHeading title={t('title')} />
      <FirstLoginForm steps={[...steps]} start={pending.login ? 'login' : 'management'} />
    </Card>
  );
}
