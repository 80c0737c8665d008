import { Card } from 'antd';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { LoginForm, type LoginNotice } from '@/components/auth/LoginForm';
import { PageHeading } from '@/components/ui/PageHeading';
import { REMEMBER } from '@/lib/auth/remember';

const NOTICES: LoginNotice[] = ['loggedOut', 'sessionEnded', 'ssoFailed', 'passwordReset'];

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('login'))('title') };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  const [t, jar, { notice }] = await Promise.all([getTranslations('login'), cookies(), searchParams]);
  const remembered = jar.get(REMEMBER.flag)?.value === '1' ? jar.get(REMEMBER.username)?.value : undefined;
  return (
    <Card style={{ width: '100%', maxWidth: 420 }}>
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <LoginForm
        rememberedAccount={remembered}
        passwordRemembered={Boolean(remembered && jar.get(REMEMBER.password))}
        notice={NOTICES.find((n) => n === notice)}
      />
    </Card>
  );
}
