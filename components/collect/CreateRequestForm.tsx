'use client';

import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { postJson } from '@/lib/client/api';
import { schemaRule } from '@/lib/client/form-rules';
import { DEFAULT_EXPIRY, DESCRIPTION_MAX, EXPIRY_CHOICES, PAYMENT_REQUEST_CANCELLED } from '@/lib/collect/codes';
import type { PaymentRequestInput } from '@/lib/collect/rules';
import { formatMoney } from '@/lib/format/money';
import { formatTimestamp14 } from '@/lib/format/date';

/** A merchant of the session and its stores that can take payments. */
export interface MerchantStores {
  merchantNo: string;
  name: string;
  stores: { code: string; name: string }[];
}

interface Created {
  requestNo: string;
  expiresAt: string;
  payLink: string;
  qrSvg: string;
  amount: string;
}

type FormValues = Partial<PaymentRequestInput>;

const newKey = () => crypto.randomUUID();

/**
 * Create transaction (issue 15): a merchant, one of its stores, an amount in HKD, a description and
 * how long the link stays payable; answered with the pay link and its QR code. The form's key is
 * made when it opens and kept until a request succeeds, so a double click or a retry after a lost
 * answer makes one request. The browser checks with the route handler's own schema.
 */
export function CreateRequestForm({ merchants }: { merchants: MerchantStores[] }) {
  const t = useTranslations();
  const router = useRouter();
  const [form] = Form.useForm<FormValues>();
  const [requestKey, setRequestKey] = useState(newKey);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<Created>();
  // The link shown here, cancelled from the list below: it is taken down and the cancel is said.
  const [cancelled, setCancelled] = useState<string>();
  useEffect(() => {
    const taken = (event: Event) => {
      const requestNo = (event as CustomEvent<string>).detail;
      if (requestNo !== created?.requestNo) return;
      setCreated(undefined);
      setCancelled(requestNo);
    };
    window.addEventListener(PAYMENT_REQUEST_CANCELLED, taken);
    return () => window.removeEventListener(PAYMENT_REQUEST_CANCELLED, taken);
  }, [created?.requestNo]);
  const merchantNo = Form.useWatch('merchantNo', form);
  const merchant = merchants.find((m) => m.merchantNo === merchantNo);
  const rule = (field: keyof PaymentRequestInput) => [schemaRule((s) => s.paymentRequestSchema, field, t)];

  async function send(values: FormValues) {
    setSending(true);
    setError(undefined);
    const result = await postJson<Omit<Created, 'amount'>>('/api/collect/requests', { ...values, description: values.description ?? '', requestKey });
    setSending(false);
    if (!result.ok) return setError(result.error.message ?? t('gateway.REQUEST_FAILED'));
    setCreated({ ...result.data, amount: String(values.amount) });
    setCancelled(undefined);
    setRequestKey(newKey());
    form.resetFields();
    router.refresh();
  }

  if (merchants.length === 0) return <Alert type="info" showIcon title={t('collect.noStores')} style={{ marginBottom: 16 }} />;
  return (
    <Card title={t('collect.form.title')} style={{ marginBottom: 16 }} data-testid="collect-form">
      <Form
        form={form}
        layout="vertical"
        name="payment-request"
        initialValues={{ expiresInMinutes: DEFAULT_EXPIRY, description: '' }}
        onFinish={send}
        onValuesChange={() => setError(undefined)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="merchantNo" required label={t('collect.fields.merchant')} rules={rule('merchantNo')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                onChange={() => form.setFieldsValue({ storeCode: undefined })}
                options={merchants.map((m) => ({ value: m.merchantNo, label: `${m.name} (${m.merchantNo})` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="storeCode" required label={t('collect.fields.store')} rules={rule('storeCode')}>
              <Select disabled={!merchant} showSearch={{ optionFilterProp: 'label' }} options={(merchant?.stores ?? []).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="amount" required label={t('collect.fields.amount')} rules={rule('amount')}>
              <Input inputMode="decimal" prefix="HKD" maxLength={17} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="expiresInMinutes" required label={t('collect.form.expiry')} rules={rule('expiresInMinutes')}>
              <Select options={EXPIRY_CHOICES.map((minutes) => ({ value: minutes, label: t(`collect.expiry.m${minutes}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('collect.fields.description')} rules={rule('description')}>
              <Input maxLength={DESCRIPTION_MAX} showCount />
            </Form.Item>
          </Col>
        </Row>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="collect-error" />}
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('collect.form.submit')}
        </Button>
      </Form>
      {cancelled && <Alert type="info" showIcon title={t('collect.form.cancelledShown', { requestNo: cancelled })} style={{ marginTop: 16 }} data-testid="collect-cancelled" />}
      {created && (
        <Flex gap={16} wrap align="center" style={{ marginTop: 16 }} data-testid="collect-created">
          <div role="img" aria-label={t('collect.qrLabel')} style={{ width: 160, maxWidth: '100%' }} dangerouslySetInnerHTML={{ __html: created.qrSvg }} />
          <div style={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography.Paragraph strong>{t('collect.form.created', { requestNo: created.requestNo, amount: formatMoney(created.amount) })}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('collect.form.expires', { time: formatTimestamp14(created.expiresAt) })}</Typography.Paragraph>
            <Typography.Paragraph copyable={{ text: created.payLink }} style={{ overflowWrap: 'anywhere' }}>
              <Typography.Link href={created.payLink} target="_blank" rel="noopener noreferrer" data-testid="collect-pay-link">
                {created.payLink}
              </Typography.Link>
            </Typography.Paragraph>
          </div>
        </Flex>
      )}
    </Card>
  );
}
