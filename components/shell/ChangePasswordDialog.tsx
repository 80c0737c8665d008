'use client';

import { Alert, App, Button, Form, Input, Modal, Steps } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MANAGEMENT_PASSWORD_ROLES } from '@/lib/auth/password-changes';
import { postJson } from '@/lib/client/api';
import { NewPasswordFields } from '../auth/NewPasswordFields';

type Step = 'login' | 'management';

/**
 * Change password (spec sections 2, 4 and 5), width 550: step 1 the login password; step 2 the
 * management password, for roles 1 to 3 only, once the login password is updated or its flag is off.
 */
export function ChangePasswordDialog({ open, roleId, pwdFlag, onClose }: { open: boolean; roleId: number; pwdFlag: boolean; onClose: () => void }) {
  const t = useTranslations();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [step, setStep] = useState<Step>('login');
  const [loginDone, setLoginDone] = useState(false);
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const managementAllowed = MANAGEMENT_PASSWORD_ROLES.includes(roleId);
  const managementOpen = managementAllowed && (loginDone || !pwdFlag);

  function reset() {
    form.resetFields();
    setStep('login');
    setLoginDone(false);
    setError(undefined);
    onClose();
  }

  async function submit(values: { oldPassword: string; newPassword: string; confirmPassword: string }) {
    setChecking(true);
    setError(undefined);
    const result = await postJson('/api/account/password', { type: step === 'login' ? 1 : 2, ...values });
    setChecking(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    message.success(t('pwd.updated'), 5);
    form.resetFields();
    if (step === 'login' && managementAllowed) {
      setLoginDone(true);
      setStep('management');
    } else reset();
  }

  return (
    <Modal open={open} title={t('password.title')} width={550} onCancel={reset} footer={null} destroyOnHidden keyboard>
      {managementAllowed && (
        <Steps
          size="small"
          current={step === 'login' ? 0 : 1}
          onChange={(index) => (index === 0 || managementOpen) && setStep(index === 0 ? 'login' : 'management')}
          items={[
            { title: t('password.loginStep') },
            { title: t('password.managementStep'), disabled: !managementOpen, description: managementOpen ? undefined : t('password.managementLocked') },
          ]}
          style={{ marginBottom: 20 }}
        />
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form form={form} key={step} name={`change-password-${step}`} layout="vertical" requiredMark={false} onFinish={submit} disabled={checking} initialValues={{ oldPassword: '', newPassword: '', confirmPassword: '' }}>
        <Form.Item name="oldPassword" label={t('password.current')} rules={[{ required: true, message: t('password.currentRequired') }]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block loading={checking}>
          {checking ? t('pwd.checking') : t('password.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
