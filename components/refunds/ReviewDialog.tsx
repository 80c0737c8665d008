'use client';

import { Form, Input, Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import text from '@/components/text/text.module.css';
import { useStepUpFields, type Proof } from '@/components/two-step/StepUpFields';
import { hasFactor, methodsOf, useFactorStatus } from '@/components/two-step/use-factor-status';
import { postJson } from '@/lib/client/api';
import { formatMoneySum } from '@/lib/format/money';
import { REASON_MAX } from '@/lib/refunds/codes';
import type { ReviewAction, ReviewDecision, ReviewOutcome } from './review';

/**
 * The decision on the chosen requests (ReviewActions.tsx): a rejection's reason, and the second
 * factor where the approver has one (issue 26), else the password re-entered (the management
 * password where the role has one).
 */
export function ReviewDialog({ action, chosen, managementPassword, onClose, onDecided }: {
  action: ReviewAction | null;
  chosen: Record<string, unknown>[];
  managementPassword: boolean;
  onClose: () => void;
  onDecided: (decision: ReviewDecision) => void;
}) {
  const t = useTranslations();
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ password?: string; reason?: string }>({});
  const [sending, setSending] = useState(false);
  const { status } = useFactorStatus(action !== null);
  const stepUp = useStepUpFields({ ...methodsOf(status), onPasskey: (proof) => void decide(proof), error: errors.password });

  function close() {
    onClose();
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
    const result = await postJson<{ succeeded: number; failed: number; result: ReviewOutcome[] }>('/api/refunds/decide', {
      refundArray: decided.map((r) => r.refundId),
      result: action,
      ...(proof ?? { password }),
      ...(action === 'reject' ? { reason: reason.trim() } : {}),
    });
    setSending(false);
    if (!result.ok) return setErrors({ password: result.error.message });
    close();
    onDecided({
      action,
      outcomes: result.data.result.map((outcome) => ({ refundNo: decided.find((c) => c.refundId === outcome.refundId)?.refundNo ?? String(outcome.refundId), action, outcome })),
      succeeded: result.data.succeeded,
      failed: result.data.failed,
    });
  }

  return (
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
  );
}
