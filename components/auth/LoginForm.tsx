'use client';

import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useTransition } from 'react';
import { postJson } from '@/lib/client/api';
import { schemaRule } from '@/lib/client/form-rules';
import { NOTICE_DIALOG_KEY } from '@/lib/notices/codes';
import { CaptchaInput } from './CaptchaInput';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';

export type LoginNotice = 'loggedOut' | 'sessionEnded' | 'ssoFailed' | 'passwordReset';

interface Props {
  rememberedAccount?: string;
  passwordRemembered: boolean;
  notice?: LoginNotice;
}

/** The sign-in form: account or e-mail, password, verification code, remember me, forgot password. */
export function LoginForm({ rememberedAccount, passwordRemembered, notice }: Props) {
  const t = useTranslations();
  const { message } = App.useApp();
  const router = useRouter();
  const [form] = Form.useForm();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [error, setError] = useState<string>();
  // React owns the pending state of the async submit: it ends when the action does, whatever happens.
  const [submitting, startSubmit] = useTransition();
  const [forgotOpen, setForgotOpen] = useState(false);
  const account = Form.useWatch('username', form);
  const usesRemembered = passwordRemembered && account === rememberedAccount;

  // A new sign-in shows an important notice not yet acknowledged again (components/notices/ImportantNoticeDialog.tsx).
  useEffect(() => sessionStorage.removeItem(NOTICE_DIALOG_KEY), []);

  useEffect(() => {
    // Spec section 2: the logout message shows for 3 seconds.
    if (notice === 'loggedOut') message.success(t('login.loggedOut'), 3);
    if (notice === 'passwordReset') message.success(t('login.passwordReset'), 5);
  }, [notice, message, t]);

  function submit(values: { username: string; password?: string; captcha: string; rememberMe: boolean }) {
    setError(undefined);
    startSubmit(async () => {
      const result = await postJson<{ redirect: string }>('/api/auth/login', { ...values, password: values.password ?? '' }, { onSessionEnd: 'return' });
      startSubmit(() => {
        if (result.ok) {
          router.replace(result.data.redirect);
          router.refresh();
          return;
        }
        setError(result.error.message ?? t('login.error'));
        // A code is good for one try.
        form.setFieldValue('captcha', '');
        setCaptchaVersion((v) => v + 1);
      });
    });
  }

  const noticeAlert = notice === 'sessionEnded' ? t('login.sessionEnded') : notice === 'ssoFailed' ? t('login.ssoFailed') : undefined;
  const passwordRule = schemaRule((s) => s.loginFormSchema, 'password', t);

  return (
    <>
      {noticeAlert && <Alert type="warning" showIcon title={noticeAlert} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ username: rememberedAccount ?? '', password: '', captcha: '', rememberMe: Boolean(rememberedAccount) }}
        disabled={submitting}
      >
        <Form.Item name="username" label={t('login.account')} rules={[schemaRule((s) => s.loginFormSchema, 'username', t)]}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus={!rememberedAccount} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          extra={usesRemembered ? t('login.passwordRemembered') : undefined}
          rules={usesRemembered ? [passwordRule] : [{ required: true, message: t('login.passwordRequired') }, passwordRule]}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" autoFocus={Boolean(rememberedAccount)} />
        </Form.Item>
        <Form.Item name="captcha" label={t('login.captcha')} rules={[schemaRule((s) => s.loginFormSchema, 'captcha', t)]}>
          <CaptchaInput version={captchaVersion} onRefresh={() => setCaptchaVersion((v) => v + 1)} />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Typography.Link onClick={() => setForgotOpen(true)}>{t('login.forgot')}</Typography.Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} defaultAccount={account} />
    </>
  );
}
