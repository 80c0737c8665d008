'use client';

import { Alert, Button, Col, Flex, Form, Input, Row, Tag } from 'antd';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import text from '@/components/text/text.module.css';
import { Surface } from '@/components/ui/Surface';
import { postJson } from '@/lib/client/api';
import { loadSchemas } from '@/lib/client/form-rules';
import { usePreloadWhenIdle } from '@/lib/client/use-preload';
import { formatTimestamp14 } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { isVoided } from '@/lib/refunds/batch-sales';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// The sale's refund form (its select, text area and details) is not part of the page's first load:
// it loads when the browser is idle, or when a sale is found if that comes first.
const loadRefundSaleForm = () => import('./RefundSaleForm').then((m) => m.RefundSaleForm);
const RefundSaleForm = dynamic(orUpdatePrompt(loadRefundSaleForm), { ssr: false });

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

/**
 * Find a sale by order, EFT or RRN number, or terminal and trace number; the one chosen shows with
 * its refundable balance and the refund's form (RefundSaleForm.tsx).
 */
export function RefundRequestPanel() {
  const t = useTranslations();
  const router = useRouter();
  const [findForm] = Form.useForm();
  const [sales, setSales] = useState<RefundableSale[] | null>(null);
  const [sale, setSale] = useState<RefundableSale | null>(null);
  const [choice, setChoice] = useState(0);
  const [findError, setFindError] = useState<string>();
  const [finding, setFinding] = useState(false);
  usePreloadWhenIdle(loadRefundSaleForm);

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

  /** A sale chosen (again) has a new form: empty, with a new idempotency key. */
  function choose(next: RefundableSale | null) {
    setSale(next);
    setChoice((count) => count + 1);
  }

  async function sent(refunded: RefundableSale) {
    // The balance changed: show the sale as the services see it now, and the new request in the list.
    await find({ alipayOrder: refunded.order_no });
    router.refresh();
  }

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

      {sale && <RefundSaleForm key={`${sale.id}-${choice}`} sale={sale} onSent={() => void sent(sale)} />}
    </Flex>
  );
}

const FIND_LABELS = { alipayOrder: 'order', eftOrder: 'eft', refno: 'rrn', terminalNo: 'terminal', traceNo: 'trace' } as const;
/** Columns (of 24) on a wide screen: an order or EFT number (20 and more characters) shows whole, a terminal or trace number is short. */
const FIND_WIDTHS = { alipayOrder: 5, eftOrder: 5, refno: 4, terminalNo: 3, traceNo: 3 } as const;
