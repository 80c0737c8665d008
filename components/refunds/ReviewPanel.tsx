'use client';

import { Alert, App, Button, Card, Checkbox, Empty, Flex, Form, Input, Modal, Tabs, Tag, Typography } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { APPROVALS_CHANGED } from '@/components/shell/AppShell';
import { postJson } from '@/lib/client/api';
import { formatTimestamp14 } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';

/** A refund request as the review screen shows it. */
export interface ReviewRow {
  refundId: number;
  refundNo: string;
  refundAmount: string;
  transAmount: string;
  alipayOrder: string;
  merchantNo: string;
  applyUserName: string;
  createDate: string;
  approveDate: string;
  approveStatus: string;
  reasonType: string;
  reason: string;
}

type Outcome = { refundId: number; success: boolean; message?: string };

/**
 * Review refund applications (roles 1, 3, 7): select waiting requests, approve or reject them with
 * the password re-entered; each request's outcome is shown, and the menu badge is told at once.
 */
export function ReviewPanel({ waiting, decided, managementPassword }: { waiting: ReviewRow[]; decided: ReviewRow[]; managementPassword: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [outcomes, setOutcomes] = useState<Map<number, Outcome>>(new Map());

  async function decide() {
    if (!action) return;
    if (!password) return setError(t('refund.errors.passwordRequired'));
    setSending(true);
    setError(undefined);
    const result = await postJson<{ succeeded: number; failed: number; result: Outcome[] }>('/api/refunds/decide', { refundArray: selected, result: action, password });
    setSending(false);
    if (!result.ok) return setError(result.error.message);
    setOutcomes(new Map(result.data.result.map((o) => [o.refundId, o])));
    setAction(null);
    setPassword('');
    setSelected([]);
    void message.info(t('refund.review.outcome', { succeeded: result.data.succeeded, failed: result.data.failed }));
    window.dispatchEvent(new Event(APPROVALS_CHANGED));
    router.refresh();
  }

  const describe = (row: ReviewRow) => (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text strong>
        {row.refundNo} · {formatMoney(row.refundAmount)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {row.alipayOrder} · {row.merchantNo} · {formatMoney(row.transAmount)} · {row.applyUserName} · {formatTimestamp14(row.createDate)}
      </Typography.Text>
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>
        {t(`refund.reasonTypes.${row.reasonType}` as never)}: {row.reason}
      </Typography.Text>
    </Flex>
  );

  const decidedOutcomes = [...outcomes.values()];
  return (
    <>
    <Tabs
      items={[
        {
          key: 'waiting',
          label: t('refund.review.waiting'),
          children: (
            <Card>
              <Flex vertical gap={12}>
                {decidedOutcomes.length > 0 && (
                  <Alert
                    type={decidedOutcomes.every((o) => o.success) ? 'success' : 'warning'}
                    showIcon
                    title={decidedOutcomes.map((o) => `#${o.refundId}: ${o.success ? t('refund.review.rowDone') : o.message}`).join(' · ')}
                  />
                )}
                <Flex gap={8} wrap align="center">
                  <Checkbox
                    checked={waiting.length > 0 && selected.length === waiting.length}
                    indeterminate={selected.length > 0 && selected.length < waiting.length}
                    onChange={(e) => setSelected(e.target.checked ? waiting.map((r) => r.refundId) : [])}
                  >
                    {t('refund.review.selected', { count: selected.length })}
                  </Checkbox>
                  <Button type="primary" disabled={!selected.length} onClick={() => setAction('approve')}>
                    {t('refund.review.approve')}
                  </Button>
                  <Button danger disabled={!selected.length} onClick={() => setAction('reject')}>
                    {t('refund.review.reject')}
                  </Button>
                </Flex>
                {waiting.length === 0 ? (
                  <Empty />
                ) : (
                  <Checkbox.Group value={selected} onChange={(values) => setSelected(values as number[])} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                    {waiting.map((row) => (
                      <Checkbox key={row.refundId} value={row.refundId} data-testid={`review-${row.refundNo}`}>
                        {describe(row)}
                      </Checkbox>
                    ))}
                  </Checkbox.Group>
                )}
              </Flex>
            </Card>
          ),
        },
        {
          key: 'decided',
          label: t('refund.review.decided'),
          children: (
            <Card>
              {decided.length === 0 ? (
                <Empty />
              ) : (
                <Flex vertical gap={12}>
                  {decided.map((row) => (
                    <Flex key={row.refundId} justify="space-between" gap={8} wrap>
                      {describe(row)}
                      <Tag color={row.approveStatus === '40' ? 'red' : 'green'}>{t(`refund.status.${row.approveStatus}` as never)}</Tag>
                    </Flex>
                  ))}
                </Flex>
              )}
            </Card>
          ),
        },
      ]}
    />
    <Modal
      open={action !== null}
      title={t(action === 'reject' ? 'refund.review.rejectTitle' : 'refund.review.approveTitle', { count: selected.length })}
      okText={t(action === 'reject' ? 'refund.review.reject' : 'refund.review.approve')}
      okButtonProps={{ danger: action === 'reject' }}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      onOk={decide}
      onCancel={() => {
        setAction(null);
        setError(undefined);
      }}
    >
      <Form layout="vertical" onFinish={decide}>
        <Form.Item label={t(managementPassword ? 'refund.review.password' : 'refund.review.loginPassword')} validateStatus={error ? 'error' : undefined} help={error}>
          <Input.Password autoFocus autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
    </>
  );
}
