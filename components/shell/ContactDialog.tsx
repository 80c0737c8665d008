'use client';

import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/lib/client/api';
import { schemaRule } from '@/lib/client/form-rules';

interface Props {
  open: boolean;
  profile: { contactEmail?: string; contactName?: string };
  onClose: () => void;
  onUpdated: () => void;
}

/** Contact number update: confirm first (warning style), then the result (spec section 4). */
export function ContactDialog({ open, profile, onClose, onUpdated }: Props) {
  const t = useTranslations();
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  async function send({ contactNumber }: { contactNumber: string }) {
    setSaving(true);
    const result = await postJson<{ success: number; msg?: string }>('/api/gateway/updateContactNumber', {
      input: { contactNumber: contactNumber.trim(), contactEmail: profile.contactEmail, contactName: profile.contactName },
    });
    setSaving(false);
    const outcome = result.ok ? result.data.success : -1;
    const text = outcome === 0 ? t('contact.success') : outcome === 1 ? t('contact.fail') : t('contact.exception');
    modal[outcome === 0 ? 'success' : 'error']({ title: text, width: 290, okText: t('common.ok'), content: outcome === 0 ? t('contact.review') : undefined });
    if (outcome === 0) {
      form.resetFields();
      onUpdated();
      onClose();
    } else {
      // On a non-zero result the server's message goes under the field and the dialog stays open.
      form.setFields([{ name: 'contactNumber', errors: [result.ok ? (result.data.msg ?? text) : (result.error.message ?? text)] }]);
    }
  }

  function confirm(values: { contactNumber: string }) {
    modal.confirm({ title: t('contact.confirm'), okText: t('common.ok'), cancelText: t('common.cancel'), type: 'warning', onOk: () => send(values) });
  }

  return (
    <Modal open={open} title={t('contact.title')} onCancel={onClose} okText={t('contact.submit')} cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => form.submit()} destroyOnHidden>
      <Form form={form} name="contact" layout="vertical" onFinish={confirm} initialValues={{ contactNumber: '' }} requiredMark={false}>
        <Form.Item name="contactNumber" label={t('contact.newNumber')} rules={[schemaRule((s) => s.contactFormSchema, 'contactNumber', t)]}>
          <Input inputMode="numeric" autoComplete="tel" autoFocus />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('contact.review')}</Typography.Text>
    </Modal>
  );
}
