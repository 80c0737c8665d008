'use client';

import { Alert, App, Button, Col, Descriptions, Form, Input, Modal, Row, Select } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Surface } from '@/components/ui/Surface';
import { postJson } from '@/lib/client/api';
import { formatTimestamp14 } from '@/lib/format/date';
import { formatAmount, formatMoney } from '@/lib/format/money';
import { isVoided } from '@/lib/refunds/batch-sales';
import { amountProblem, REASON_MAX, REASON_TYPES } from '@/lib/refunds/codes';
import type { RefundableSale } from './RefundRequestPanel';

const newKey = () => `form-${crypto.randomUUID()}`;

/**
 * The sale chosen for a refund (RefundRequestPanel.tsx), with its refundable balance, and the
 * refund's request after a confirmation that restates amount and sale. Its idempotency key lives
 * as long as this form (a new one for every sale chosen), so a double click or a resend makes one
 * request.
 */
export function RefundSaleForm({ sale, onSent }: { sale: RefundableSale; onSent: () => void }) {
  const t = useTranslations();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [requestKey] = useState(newKey);

  async function send() {
    if (sending) return;
    setSending(true);
    setError(undefined);
    const values = form.getFieldsValue(true) as { refundAmount: string; reasonType: string; reason: string };
    const result = await postJson<{ refundNo: string; replayed: boolean }>('/api/refunds', {
      merchantNo: sale.merchant_no,
      alipayOrder: sale.order_no,
      transDate: sale.gmt_payment.slice(0, 8),
      transTime: sale.gmt_payment.slice(8),
      ...values,
      requestKey,
    });
    setSending(false);
    setConfirming(false);
    if (!result.ok) return setError(result.error.message);
    void message.success(t(result.data.replayed ? 'refund.form.replayed' : 'refund.form.done', { refundNo: result.data.refundNo }));
    onSent();
  }

  const limits = { transAmount: sale.trans_amount, balance: sale.refundBalance };
  const voided = isVoided(sale);
  const nothingLeft = amountProblem('1', limits)?.key === 'refund.errors.nothingToRefund';
  return (
    <Surface heading={t('refund.form.title')} data-testid="refund-sale">
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('refund.tx.time')}>{formatTimestamp14(sale.gmt_payment)}</Descriptions.Item>
        <Descriptions.Item label={t('refund.tx.order')}>
          <span className="portal-nobreak">{sale.order_no}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('refund.tx.merchant')}>
          <span className="portal-nobreak">{sale.merchant_no}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('refund.tx.store')}>{sale.store_name}</Descriptions.Item>
        <Descriptions.Item label={t('refund.tx.terminal')}>{sale.terminal_no}</Descriptions.Item>
        <Descriptions.Item label={t('refund.tx.paymentType')}>{t(`paymentType.${sale.payment_type}` as never)}</Descriptions.Item>
        <Descriptions.Item label={t('refund.tx.amount')}>{formatMoney(sale.trans_amount)}</Descriptions.Item>
        {voided ? (
          <Descriptions.Item label={t('refund.tx.voided')}>{formatTimestamp14(sale.voidTime)}</Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('refund.tx.refunded')}>{formatMoney(sale.hasRefundAmount)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('refund.tx.balance')}>
          <strong data-testid="refund-balance">{formatMoney(sale.refundBalance)}</strong>
        </Descriptions.Item>
      </Descriptions>
      {/* Nothing to refund: say why, rather than a form that cannot be used. */}
      {voided ? (
        <Alert data-testid="refund-nothing" type="warning" showIcon title={t('refund.form.voided', { time: formatTimestamp14(sale.voidTime), amount: formatMoney(sale.voidedAmount) })} />
      ) : nothingLeft ? (
        <Alert data-testid="refund-nothing" type="info" showIcon title={t('refund.form.nothingLeft', { amount: formatMoney(sale.hasRefundAmount) })} />
      ) : (
        <Form form={form} layout="vertical" name="refund-request" onFinish={() => setConfirming(true)}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="refundAmount"
                label={t('refund.form.amount')}
                required
                extra={t('refund.form.amountHelp', { balance: formatAmount(sale.refundBalance) })}
                rules={[{ validator: async (_, value: string | undefined) => { const problem = amountProblem(value ?? '', limits); if (problem) throw new Error(t(problem.key as never, problem.values as never)); } }]}
              >
                <Input inputMode="decimal" prefix="HKD" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="reasonType" label={t('refund.form.reasonType')} rules={[{ required: true, message: t('refund.errors.reasonTypeRequired') }]}>
                <Select options={REASON_TYPES.map((code) => ({ value: code, label: t(`refund.reasonTypes.${code}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="reason" label={t('refund.form.reason')} rules={[{ required: true, whitespace: true, message: t('refund.errors.reasonRequired') }, { max: REASON_MAX, message: t('refund.errors.reasonTooLong') }]}>
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={REASON_MAX} />
              </Form.Item>
            </Col>
          </Row>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit">
            {t('refund.form.submit')}
          </Button>
        </Form>
      )}
      <Modal
        open={confirming}
        title={t('refund.form.confirmTitle')}
        okText={t('refund.form.submit')}
        cancelText={t('common.cancel')}
        confirmLoading={sending}
        onOk={send}
        onCancel={() => setConfirming(false)}
      >
        {t('refund.form.confirmBody', { amount: formatMoney(form.getFieldValue('refundAmount')), order: sale.order_no, merchant: sale.merchant_no, transAmount: formatMoney(sale.trans_amount) })}
      </Modal>
    </Surface>
  );
}
