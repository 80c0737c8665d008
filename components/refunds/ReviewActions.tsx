'use client';

import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useListSelection } from '@/components/list-kit/selection';
import { APPROVALS_CHANGED } from '@/components/shell/AppShell';
import text from '@/components/text/text.module.css';
import { postJson } from '@/lib/client/api';
import { useStepUpFields, type Proof } from '@/components/two-step/StepUpFields';
import { hasFactor, methodsOf, useFactorStatus } from '@/components/two-step/use-factor-status';
import { formatMoneySum } from '@/lib/format/money';

type Outcome = { refundId: number; success: boolean; message?: string };

/**
 * The review list's actions: approve or reject the selected waiting requests with the password
 * re-entered (the management password where the role has one). Each request's outcome is shown,
 * the list is reloaded and the menu badge is told at once.
 */
export function ReviewActions({ managementPassword }: { managementPassword: boolean }) {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const { rows, clear } = useListSelection();
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [outcomes, setOutcomes] = useState<{ refundNo: string; outcome: Outcome }[]>([]);
  // An approver with a second factor confirms with it instead of the password (issue 26).
  const { status } = useFactorStatus(action !== null);
  const stepUp = useStepUpFields({ ...methodsOf(status), onPasskey: (proof) => void decide(proof), error });

  function close() {
    setAction(null);
    setPassword('');
    setError(undefined);
  }

  async function decide(passkeyProof?: Proof) {
    if (!action || sending) return;
    const proof = hasFactor(status) ? (passkeyProof ?? stepUp.read()) : undefined;
    if (hasFactor(status) && !proof) return;
    if (!proof && !password) return setError(t('refund.errors.passwordRequired'));
    setSending(true);
    setError(undefined);
    const chosen = rows.map((row) => ({ refundId: Number(row.refundId), refundNo: String(row.refundNo) }));
    const result = await postJson<{ succeeded: number; failed: number; result: Outcome[] }>('/api/refunds/decide', { refundArray: chosen.map((r) => r.refundId), result: action, ...(proof ?? { password }) });
    setSending(false);
    if (!result.ok) return setError(result.error.message);
    setOutcomes(result.data.result.map((outcome) => ({ refundNo: chosen.find((c) => c.refundId === outcome.refundId)?.refundNo ?? String(outcome.refundId), outcome })));
    close();
    clear();
    void message.info(t('refund.review.outcome', { succeeded: result.data.succeeded, failed: result.data.failed }));
    window.dispatchEvent(new Event(APPROVALS_CHANGED));
    router.refresh();
  }

  return (
    <>
      {outcomes.length > 0 && (
        <Alert
          data-testid="review-outcome"
          type={outcomes.every((o) => o.outcome.success) ? 'success' : 'warning'}
          showIcon
          closable={{ onClose: () => setOutcomes([]) }}
          title={outcomes.map(({ refundNo, outcome }) => `${refundNo}: ${outcome.success ? t('refund.review.rowDone') : outcome.message}`).join(' · ')}
        />
      )}
      <Button type="primary" disabled={rows.length === 0} onClick={() => setAction('approve')}>
        {t('refund.review.approve')}
      </Button>
      <Button danger disabled={rows.length === 0} onClick={() => setAction('reject')}>
        {t('refund.review.reject')}
      </Button>
      <Modal
        open={action !== null}
        title={t(action === 'reject' ? 'refund.review.rejectTitle' : 'refund.review.approveTitle', { count: rows.length })}
        okText={t(action === 'reject' ? 'refund.review.reject' : 'refund.review.approve')}
        okButtonProps={{ danger: action === 'reject' }}
        cancelText={t('common.cancel')}
        confirmLoading={sending}
        onOk={() => void decide()}
        onCancel={close}
        destroyOnHidden
      >
        {/* What the password is given for: the requests and their sum, in the amounts' exact decimals. */}
        <p className={text.paragraph} data-testid="review-chosen">
          {t('refund.review.chosen', { count: rows.length, numbers: rows.map((row) => String(row.refundNo)).join(', '), amount: formatMoneySum(rows.map((row) => String(row.refundAmount))) })}
        </p>
        <Form layout="vertical" onFinish={() => void decide()}>
          {!status ? null : hasFactor(status) ? (
            stepUp.fields
          ) : (
            <Form.Item htmlFor="review-password" label={t(managementPassword ? 'refund.review.password' : 'refund.review.loginPassword')} validateStatus={error ? 'error' : undefined} help={error}>
              <Input.Password id="review-password" autoFocus autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
