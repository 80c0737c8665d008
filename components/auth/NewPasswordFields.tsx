'use client';

import { Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { newPasswordSchema } from '@/lib/auth/forms';
import { schemaRule } from '@/lib/client/form-rules';
import { PasswordRules } from './PasswordRules';

/** New password and confirmation, checked by the shared schema, with the live rule list. */
export function NewPasswordFields() {
  const t = useTranslations();
  const password = Form.useWatch('newPassword') ?? '';
  return (
    <>
      <Form.Item name="newPassword" label={t('pwd.newPassword')} rules={[schemaRule(newPasswordSchema, 'newPassword', t)]} validateFirst>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <PasswordRules password={password} />
      <Form.Item name="confirmPassword" label={t('pwd.confirmPassword')} dependencies={['newPassword']} rules={[schemaRule(newPasswordSchema, 'confirmPassword', t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
