'use client';

import { Alert, App, Button, Col, Descriptions, Flex, Form, Input, Modal, Row, Select, Tag } from 'antd';
import { Surface } from '@/components/ui/Surface';
import text from '@/components/text/text.module.css';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/lib/client/api';
import { loadSchemas } from '@/lib/client/form-rules';
import { formatTimestamp14 } from '@/lib/format/date';
import { formatAmount, formatMoney } from '@/lib/format/money';
import { isVoided } from '@/lib/refunds/batch-sales';
import { amountProblem, REASON_MAX, REASON_TYPES } from '@/lib/refunds/codes';

/** A sale found for a refund, as /api/refunds/find answers it. */
export interface RefundableSale {
  id: number;
  gmt_payment: string;
  merchant_no: string;
  store_name: string;
  terminal_no: string;
  order_no: string;
  refno: string;
  payment_type: string;
  trans_amount: string;
  refundBalance: string;
  hasRefundAmount: string;
  /** What voids took of the sale, and when (our services say; absent otherwise). */
  voidedAmount?: string;
  voidTime?: string;
}

const newKey = () => `form-${crypto.randomUUID()}`;

/**
 * Find a sale by order, EFT or RRN number, or terminal and trace number; show it with its
 * refundable balance; request a refund of it after a confirmation that restates amount and sale.
 * The form's idempotency key lives until a request succeeds, so a double click or a resend makes
 * one request.
 */
export function RefundRequestPanel() {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const [findForm] = Form.useForm();
  const [form] = Form.useForm();
  const [sales, setSales] = useState<RefundableSale[] | null>(null);
  const [sale, setSale] = useState<RefundableSale | null>(null);
  const [findError, setFindError] = useState<string>();
  const [error, setError] = useState<string>();
  const [finding, setFinding] = useState(false);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [requestKey, setRequestKey] = useState(newKey);

  async function find(values: Record<string, string>) {
    setFindError(undefined);
    // The route handler's own schema: one key or the terminal and trace pair.
    const checked = (await loadSchemas()).findTransactionSchema.safeParse(values);
    if (!checked.success) return setFindError(t((checked.error.issues[0]?.message ?? 'refund.errors.findKeyRequired') as never));
    setFinding(true);
    const result = await postJson<RefundableSale[]>('/api/refunds/find', values);
    setFinding(false);
    if (!result.ok) return setFindError(result.error.message);
    setSales(result.data);
    choose(result.data.length === 1 ? (result.data[0] ?? null) : null);
  }

  function choose(next: RefundableSale | null) {
    setSale(next);
    setError(undefined);
    form.resetFields();
    setRequestKey(newKey());
  }

  async function send() {
    if (!sale || sending) return;
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
    // The balance changed: show the sale as the services see it now, and the new request in the list.
    await find({ alipayOrder: sale.order_no });
    router.refresh();
  }

  const limits = sale ? { transAmount: sale.trans_amount, balance: sale.refundBalance } : undefined;
  const voided = sale !== null && isVoided(sale);
  const nothingLeft = amountProblem('1', limits)?.key === 'refund.errors.nothingToRefund';
  return (
    <Flex vertical gap={16}>
      <Surface heading={t('refund.find.title')}>
        <p className={`${text.paragraph} ${text.secondary}`}>{t('refund.find.hint')}</p>
        <Form form={findForm} layout="vertical" onFinish={find} name="refund-find">
          <Row gutter={16}>
            {(['alipayOrder', 'eftOrder', 'refno', 'terminalNo', 'traceNo'] as const).map((field) => (
              <Col key={field} xs={24} sm={12} lg={8} xl={FIND_WIDTHS[field]}>
                <Form.Item name={field} label={t(`refund.find.${FIND_LABELS[field]}`)}>
                  <Input allowClear maxLength={64} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} xl={4} style={{ display: 'flex', alignItems: 'end', paddingBottom: 24 }}>
              <Button type="primary" htmlType="submit" loading={finding}>
                {t('refund.find.search')}
              </Button>
            </Col>
          </Row>
        </Form>
        {findError && <Alert type="error" showIcon title={findError} />}
        {sales?.length === 0 && <Alert type="info" showIcon title={t('refund.find.none')} />}
        {sales && sales.length > 1 && (
          <Flex vertical gap={8}>
            {sales.map((candidate) => (
              <Button key={candidate.id} type={candidate.id === sale?.id ? 'primary' : 'default'} onClick={() => choose(candidate)} style={{ justifyContent: 'flex-start', whiteSpace: 'normal', height: 'auto' }}>
                {t('refund.find.choose')}: {formatTimestamp14(candidate.gmt_payment)} · <span className="portal-nobreak">{candidate.order_no}</span> · {formatMoney(candidate.trans_amount)}
                {isVoided(candidate) && <Tag style={{ marginInlineStart: 8 }}>{t('refund.tx.voided')}</Tag>}
              </Button>
            ))}
          </Flex>
        )}
      </Surface>

      {sale && (
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
      )}
    </Flex>
  );
}

const FIND_LABELS = { alipayOrder: 'order', eftOrder: 'eft', refno: 'rrn', terminalNo: 'terminal', traceNo: 'trace' } as const;
/** Columns (of 24) on a wide screen: an order or EFT number (20 and more characters) shows whole, a terminal or trace number is short. */
const FIND_WIDTHS = { alipayOrder: 5, eftOrder: 5, refno: 4, terminalNo: 3, traceNo: 3 } as const;
