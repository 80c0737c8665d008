'use client';

import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/lib/client/api';
import { schemaRule } from '@/lib/client/form-rules';

/** Forgot password (spec section 5): e-mail and account; Escape closes it. */
export function ForgotPasswordDialog({ open, onClose, defaultAccount }: { open: boolean; onClose: () => void; defaultAccount?: string }) {
  const t = useTranslations();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [sending, setSending] = useState(false);

  async function submit(values: { email: string; username: string }) {
    setSending(true);
    const result = await postJson('/api/auth/forgot', values);
    setSending(false);
    if (result.ok) {
      message.success(t('forgot.sent'), 5);
      form.resetFields();
      onClose();
      return;
    }
    // Spec section 5: the server's answer is shown under the e-mail field.
    form.setFields([{ name: 'email', errors: [result.error.message ?? t('gateway.REQUEST_FAILED')] }]);
  }

  return (
    <Modal
      open={open}
      title={t('forgot.title')}
      onCancel={onClose}
      okText={t('forgot.submit')}
      cancelText={t('forgot.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
      keyboard
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('forgot.description')}</Typography.Paragraph>
      <Form form={form} name="forgot" layout="vertical" onFinish={submit} initialValues={{ email: '', username: defaultAccount ?? '' }} requiredMark={false}>
        <Form.Item name="email" label={t('forgot.email')} rules={[schemaRule((s) => s.forgotFormSchema, 'email', t)]}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item name="username" label={t('forgot.account')} rules={[schemaRule((s) => s.forgotFormSchema, 'username', t)]}>
          <Input autoComplete="username" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
