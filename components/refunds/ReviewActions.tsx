'use client';

import { Alert, App, Button, Flex, Form, Input, Modal, Tag } from 'antd';
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
import { REASON_MAX } from '@/lib/refunds/codes';

type Action = 'approve' | 'reject';
type Outcome = { refundId: number; success: boolean; message?: string };

/**
 * The review list's actions: approve or reject the selected waiting requests with the second factor
 * where the approver has one (issue 26), else the password
 * re-entered (the management password where the role has one); a rejection says why, and the
 * requester reads it. A reviewer's own requests are named as soon as they are ticked and left out
 * (the services let only another approver decide them), so nobody types a password to be refused.
 * Each request's outcome is shown as Approved, Rejected or the reason it was not decided.
 */
export function ReviewActions({ managementPassword, account }: { managementPassword: boolean; account: string }) {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const { rows, clear } = useListSelection();
  const [action, setAction] = useState<Action | null>(null);
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ password?: string; reason?: string }>({});
  const [sending, setSending] = useState(false);
  const [outcomes, setOutcomes] = useState<{ refundNo: string; action: Action; outcome: Outcome }[]>([]);
  const own = rows.filter((row) => row.applyUser === account);
  const chosen = rows.filter((row) => row.applyUser !== account);
  // An approver with a second factor confirms with it instead of the password (issue 26).
  const { status } = useFactorStatus(action !== null);
  const stepUp = useStepUpFields({ ...methodsOf(status), onPasskey: (proof) => void decide(proof), error: errors.password });

  function close() {
    setAction(null);
    setPassword('');
    setReason('');
    setErrors({});
  }

  async function decide(passkeyProof?: Proof) {
    if (!action || sending) return;
    const factor = hasFactor(status);
    const problems = {
      reason: action === 'reject' && !reason.trim() ? t('refund.errors.rejectReasonRequired') : undefined,
      password: factor || password ? undefined : t('refund.errors.passwordRequired'),
    };
    setErrors(problems);
    if (problems.reason || problems.password) return;
    // Read last: a code read is taken from its field, and a missing reason must not cost it.
    const proof = factor ? (passkeyProof ?? stepUp.read()) : undefined;
    if (factor && !proof) return;
    setSending(true);
    const decided = chosen.map((row) => ({ refundId: Number(row.refundId), refundNo: String(row.refundNo) }));
    const result = await postJson<{ succeeded: number; failed: number; result: Outcome[] }>('/api/refunds/decide', {
      refundArray: decided.map((r) => r.refundId),
      result: action,
      ...(proof ?? { password }),
      ...(action === 'reject' ? { reason: reason.trim() } : {}),
    });
    setSending(false);
    if (!result.ok) return setErrors({ password: result.error.message });
    setOutcomes(result.data.result.map((outcome) => ({ refundNo: decided.find((c) => c.refundId === outcome.refundId)?.refundNo ?? String(outcome.refundId), action, outcome })));
    const summary = action === 'reject' ? 'refund.review.outcomeRejected' : 'refund.review.outcomeApproved';
    close();
    clear();
    void message.info(t(summary, { succeeded: result.data.succeeded, failed: result.data.failed }));
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
          title={
            <Flex wrap gap={8} align="center">
              {outcomes.map(({ refundNo, action: done, outcome }) => (
                <span key={refundNo} data-testid="review-outcome-row">
                  <span className="portal-nobreak">{refundNo}</span>{' '}
                  {outcome.success ? (
                    <Tag color={done === 'reject' ? 'red' : 'green'}>{t(done === 'reject' ? 'refund.review.rowRejected' : 'refund.review.rowApproved')}</Tag>
                  ) : (
                    <Tag color="orange" style={{ whiteSpace: 'normal' }}>
                      {outcome.message}
                    </Tag>
                  )}
                </span>
              ))}
            </Flex>
          }
        />
      )}
      {own.length > 0 && (
        // Said when the request is ticked, before any password: the services refuse a requester's own decision.
        <Alert
          data-testid="review-own"
          type="warning"
          showIcon
          title={t('refund.review.ownSelected', { numbers: own.map((row) => String(row.refundNo)).join(', ') })}
        />
      )}
      <Button type="primary" disabled={chosen.length === 0} onClick={() => setAction('approve')}>
        {t('refund.review.approve')}
      </Button>
      <Button danger disabled={chosen.length === 0} onClick={() => setAction('reject')}>
        {t('refund.review.reject')}
      </Button>
      <Modal
        open={action !== null}
        title={t(action === 'reject' ? 'refund.review.rejectTitle' : 'refund.review.approveTitle', { count: chosen.length })}
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
          {t('refund.review.chosen', { count: chosen.length, numbers: chosen.map((row) => String(row.refundNo)).join(', '), amount: formatMoneySum(chosen.map((row) => String(row.refundAmount))) })}
        </p>
        <Form layout="vertical" onFinish={() => void decide()}>
          {action === 'reject' && (
            <Form.Item htmlFor="review-reason" label={t('refund.review.rejectReason')} required extra={t('refund.review.rejectReasonHelp')} validateStatus={errors.reason ? 'error' : undefined} help={errors.reason}>
              <Input.TextArea id="review-reason" autoFocus autoSize={{ minRows: 2, maxRows: 5 }} maxLength={REASON_MAX} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
            </Form.Item>
          )}
          {!status ? null : hasFactor(status) ? (
            stepUp.fields
          ) : (
            <Form.Item htmlFor="review-password" label={t(managementPassword ? 'refund.review.password' : 'refund.review.loginPassword')} required validateStatus={errors.password ? 'error' : undefined} help={errors.password}>
              <Input.Password id="review-password" autoFocus={action !== 'reject'} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
