'use client';

import { LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Steps, Typography } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/lib/client/api';
import { signOut } from '@/lib/client/sign-out';
import { NewPasswordFields } from './NewPasswordFields';

type Step = 'login' | 'management';

/**
 * The forced first-login change (spec sections 2 and 4): step 1 the login password, step 2 the
 * management password for roles 1 to 3, only after step 1.
 */
export function FirstLoginForm({ steps, start }: { steps: Step[]; start: Step }) {
  const t = useTranslations();
  const router = useRouter();
  const [form] = Form.useForm();
  const [step, setStep] = useState<Step>(start);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(values: { newPassword: string; confirmPassword: string }) {
    setSaving(true);
    setError(undefined);
    const result = await postJson<{ next: 'management' | 'done'; redirect: string | null }>('/api/auth/first-login', { type: step === 'login' ? 1 : 2, ...values });
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message ?? t('pwd.updateFailed'));
      return;
    }
    form.resetFields();
    if (result.data.next === 'management') setStep('management');
    else {
      router.replace(result.data.redirect ?? '/');
      router.refresh();
    }
  }

  return (
    <>
      {steps.length > 1 && (
        <Steps
          current={steps.indexOf(step)}
          items={steps.map((s) => ({ title: t(s === 'login' ? 'firstLogin.stepLogin' : 'firstLogin.stepManagement') }))}
          style={{ marginBottom: 24 }}
        />
      )}
      <Typography.Paragraph>{t(step === 'login' ? 'firstLogin.intro' : 'firstLogin.managementIntro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} key={step} name={`first-login-${step}`} layout="vertical" requiredMark={false} onFinish={submit} disabled={saving} initialValues={{ newPassword: '', confirmPassword: '' }}>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={saving}>
          {saving ? t('pwd.checking') : t('firstLogin.submit')}
        </Button>
      </Form>
      {/* The forced change is not a dead end: the user may leave and come back later. */}
      <Button type="link" block icon={<LogoutOutlined aria-hidden />} onClick={() => void signOut()} style={{ marginTop: 8 }}>
        {t('account.logout')}
      </Button>
    </>
  );
}
