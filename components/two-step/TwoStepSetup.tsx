'use client';

import { Alert, Button, Skeleton, Space } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/lib/client/api';
import { signOut } from '@/lib/client/sign-out';
import { TwoStepPanel } from './TwoStepPanel';
import { hasFactor, useFactorStatus } from './use-factor-status';

/**
 * The set-up a policy asks for right after sign-in (issue 26), like the forced password change:
 * the same panel as the account menu's dialog, then on to the portal, or sign out.
 */
export function TwoStepSetup() {
  const t = useTranslations('twoStep.setup');
  const router = useRouter();
  const { status, reload } = useFactorStatus();
  const [error, setError] = useState<string>();

  async function proceed() {
    const result = await postJson<{ redirect: string }>('/api/two-step/setup-done', {});
    if (!result.ok) return setError(result.error.message);
    router.replace(result.data.redirect);
    router.refresh();
  }

  return (
    <>
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16 }} />
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      {status ? <TwoStepPanel status={status} reload={reload} confined /> : <Skeleton active />}
      <Space style={{ marginTop: 24 }}>
        <Button type="primary" disabled={!hasFactor(status)} onClick={() => void proceed()}>
          {t('continue')}
        </Button>
        <Button onClick={() => void signOut()}>{t('signOut')}</Button>
      </Space>
    </>
  );
}
