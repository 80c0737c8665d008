import { Button, Card, Result } from 'antd';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';
import { PageHeading } from '@/components/ui/PageHeading';
import { callUpstream } from '@/lib/gateway/client';
import { SSO_CALLS } from '@/lib/auth/calls';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('reset'))('title') };
}

/** The e-mailed reset link: expired or unknown links say so; valid ones set a new password. */
export default async function ResetPage({ params }: { params: Promise<{ randomid: string }> }) {
  const [{ randomid }, t] = await Promise.all([params, getTranslations('reset')]);
  const info = randomid.length <= 200 ? await callUpstream(SSO_CALLS.resetLinkInfo, { randomId: randomid }, null) : null;
  if (!info?.ok || info.data.success !== 1 || !info.data.data) {
    return (
      <Card style={{ maxWidth: 520 }}>
        <Result status="warning" title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('expired')}</h1>} extra={<Button type="primary" href="/login">{t('backToLogin')}</Button>} />
      </Card>
    );
  }
  return (
    <Card style={{ width: '100%', maxWidth: 460 }}>
      <PageHeading title={t('title')} subtitle={t('forAccount', { account: info.data.data.account })} />
      <ResetPasswordForm randomId={randomid} />
    </Card>
  );
}
