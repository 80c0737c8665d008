'use client';

import { Alert, Button, Form } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/lib/client/api';
import { NewPasswordFields } from './NewPasswordFields';

/** Sets a new password from an e-mailed reset link, then goes to sign in. */
export function ResetPasswordForm({ randomId }: { randomId: string }) {
  const t = useTranslations();
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(values: { newPassword: string; confirmPassword: string }) {
    setSaving(true);
    setError(undefined);
    const result = await postJson<{ redirect: string }>('/api/auth/reset', { randomId, ...values }, { onSessionEnd: 'return' });
    if (result.ok) {
      router.replace(result.data.redirect);
      return;
    }
    setSaving(false);
    setError(result.error.message ?? t('pwd.updateFailed'));
  }

  return (
    <Form name="reset" layout="vertical" requiredMark={false} onFinish={submit} disabled={saving} initialValues={{ newPassword: '', confirmPassword: '' }}>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={saving}>
        {saving ? t('pwd.checking') : t('reset.submit')}
      </Button>
    </Form>
  );
}
