'use client';

import { Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { schemaRule } from '@/lib/client/form-rules';
import { PasswordRules } from './PasswordRules';

/** New password and confirmation, checked by the shared schema, with the live rule list. */
export function NewPasswordFields() {
  const t = useTranslations();
  const form = Form.useFormInstance();
  const password = Form.useWatch('newPassword') ?? '';
  // The confirmation is checked again when the password changes, but only once the user has been there.
  useEffect(() => {
    if (form.isFieldTouched('confirmPassword')) void form.validateFields(['confirmPassword']).catch(() => undefined);
  }, [password, form]);
  return (
    <>
      <Form.Item name="newPassword" label={t('pwd.newPassword')} rules={[schemaRule((s) => s.newPasswordSchema, 'newPassword', t)]} validateFirst>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <PasswordRules password={password} />
      <Form.Item name="confirmPassword" label={t('pwd.confirmPassword')} rules={[schemaRule((s) => s.newPasswordSchema, 'confirmPassword', t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
