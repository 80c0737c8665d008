'use client';

import { Alert, App, Button, Col, Form, Input, Row, Select } from 'antd';
import { Surface } from '@/components/ui/Surface';
import text from '@/components/text/text.module.css';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { REMARK_MAX } from '@/lib/applications/codes';
import type { Application } from '@/lib/applications/rules';
import { postJson } from '@/lib/client/api';
import { schemaRule } from '@/lib/client/form-rules';
import type { PaymentType } from '@/lib/domain/transaction-types';

/** A merchant the session may apply for: its stores and the state of each payment service. */
export interface MerchantChoice {
  merchantNo: string;
  name: string;
  /** A closed store is listed for the record and cannot be chosen (the services refuse it too). */
  stores: { code: string; name: string; closed: boolean }[];
  services: { paymentType: PaymentType; enabled: boolean; open: boolean }[];
}

type FormValues = Partial<Application>;

/**
 * Apply for a payment service (issue 13): a merchant, a service it does not have, the stores it is
 * for (every open one until the user narrows it), a contact and the expected monthly volume. The form
 * checks with the route handler's own schema; the services refuse again what the form cannot know
 * (an application still open, a service enabled meanwhile), and their message is shown here.
 */
export function ApplyServiceForm({ merchants, contactName }: { merchants: MerchantChoice[]; contactName: string }) {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const merchantNo = Form.useWatch('merchantNo', form);
  const paymentType = Form.useWatch('paymentType', form);
  const merchant = merchants.find((m) => m.merchantNo === merchantNo);
  const service = merchant?.services.find((s) => s.paymentType === paymentType);
  const rule = (field: keyof Application) => [schemaRule((s) => s.applicationSchema, field, t)];

  function chooseMerchant(next: string) {
    const chosen = merchants.find((m) => m.merchantNo === next);
    // A new merchant: its own open stores, all of them to begin with, and no service chosen yet.
    form.setFieldsValue({ paymentType: undefined, storeCodes: chosen?.stores.filter((s) => !s.closed).map((s) => s.code) ?? [] });
  }

  async function send(values: FormValues) {
    setSending(true);
    setError(undefined);
    const result = await postJson<{ applicationNo: string }>('/api/applications', values);
    setSending(false);
    if (!result.ok) return setError(result.error.message ?? t('gateway.REQUEST_FAILED'));
    void message.success(t('applyService.form.done', { applicationNo: result.data.applicationNo }));
    form.resetFields();
    router.refresh();
  }

  if (merchants.length === 0) return <Alert type="info" showIcon title={t('applyService.form.noMerchants')} style={{ marginBottom: 16 }} />;
  return (
    <Surface heading={t('applyService.form.title')} style={{ marginBottom: 16 }} data-testid="apply-form">
      <p className={`${text.paragraph} ${text.secondary}`}>{t('applyService.form.hint')}</p>
      <Form form={form} layout="vertical" name="apply-service" initialValues={{ contactName, remark: '' }} onFinish={send} onValuesChange={() => setError(undefined)}>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="merchantNo" required label={t('applyService.fields.merchant')} rules={rule('merchantNo')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                onChange={chooseMerchant}
                options={merchants.map((m) => ({ value: m.merchantNo, label: `${m.name} (${m.merchantNo})` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              name="paymentType"
              required
              label={t('applyService.fields.paymentType')}
              rules={rule('paymentType')}
              extra={service?.open ? t('applyService.form.openHint') : undefined}
            >
              <Select
                disabled={!merchant}
                options={(merchant?.services ?? []).map((s) => ({
                  value: s.paymentType,
                  label: s.enabled ? t('applyService.form.enabled', { service: t(`paymentType.${s.paymentType}`) }) : t(`paymentType.${s.paymentType}`),
                  disabled: s.enabled,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={8}>
            <Form.Item name="storeCodes" required label={t('applyService.form.stores')} rules={rule('storeCodes')}>
              <Select
                mode="multiple"
                disabled={!merchant}
                showSearch={{ optionFilterProp: 'label' }}
                options={(merchant?.stores ?? []).map((s) => ({
                  value: s.code,
                  label: s.closed ? `${s.name} (${s.code}) · ${t('merchant.storeStatuses.Inactive')}` : `${s.name} (${s.code})`,
                  disabled: s.closed,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="contactName" required label={t('applyService.fields.contactName')} rules={rule('contactName')}>
              <Input maxLength={100} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="contactNumber" required label={t('applyService.fields.contactNumber')} rules={rule('contactNumber')}>
              <Input inputMode="numeric" maxLength={20} autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="monthlyVolume" required label={t('applyService.fields.monthlyVolume')} rules={rule('monthlyVolume')}>
              <Input inputMode="decimal" prefix="HKD" maxLength={17} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('applyService.fields.remark')} rules={rule('remark')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={REMARK_MAX} showCount />
            </Form.Item>
          </Col>
        </Row>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="apply-error" />}
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('applyService.form.submit')}
        </Button>
      </Form>
    </Surface>
  );
}
