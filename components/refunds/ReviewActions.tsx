'use client';

import { Alert, App, Button, Flex, Tag } from 'antd';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useListSelection } from '@/components/list-kit/selection';
import { APPROVALS_CHANGED } from '@/components/shell/AppShell';
import { useOpenedOnce } from '@/lib/client/use-opened-once';
import { usePreloadWhenIdle } from '@/lib/client/use-preload';
import type { ReviewAction, ReviewDecision } from './review';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// The decision's dialog (antd's form and inputs, the second factor's fields) is not part of the
// list's first load: it loads when the browser is idle, or at the first decision if that comes first.
const loadReviewDialog = () => import('./ReviewDialog').then((m) => m.ReviewDialog);
const ReviewDialog = dynamic(orUpdatePrompt(loadReviewDialog), { ssr: false });

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
  const [action, setAction] = useState<ReviewAction | null>(null);
  const dialogMounted = useOpenedOnce(action !== null);
  const [outcomes, setOutcomes] = useState<ReviewDecision['outcomes']>([]);
  usePreloadWhenIdle(loadReviewDialog);
  const own = rows.filter((row) => row.applyUser === account);
  const chosen = rows.filter((row) => row.applyUser !== account);

  function decided({ action: done, outcomes: shown, succeeded, failed }: ReviewDecision) {
    setOutcomes(shown);
    clear();
    void message.info(t(done === 'reject' ? 'refund.review.outcomeRejected' : 'refund.review.outcomeApproved', { succeeded, failed }));
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
      {dialogMounted && <ReviewDialog action={action} chosen={chosen} managementPassword={managementPassword} onClose={() => setAction(null)} onDecided={decided} />}
    </>
  );
}
