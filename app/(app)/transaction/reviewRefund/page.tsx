import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Alert } from 'antd';
import { ReviewPanel, type ReviewRow } from '@/components/refunds/ReviewPanel';
import { PageHeading } from '@/components/ui/PageHeading';
import { MANAGEMENT_PASSWORD_ROLES } from '@/lib/auth/password-changes';
import { callUpstream } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { addDays, daySpan, today } from '@/lib/format/date';
import { REFUND_SPAN_DAYS } from '@/lib/format/span';
import { currentSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())('refund.reviewTitle') };
}

/** Review refund applications (roles 1, 3, 7): the waiting list (status 10) and the decided requests. */
export default async function ReviewRefundPage() {
  const session = await currentSession();
  if (!session?.menus.includes('reviewRefund')) redirect('/login');
  // The spec's longest refund span, ending today: every request still waiting is at most that old in practice.
  const end = today();
  const { start, end: last } = daySpan(addDays(end, -REFUND_SPAN_DAYS), end);
  const [t, waiting, decided] = await Promise.all([
    getTranslations(),
    callUpstream('refundList', { rftype: 2, limit: 100, page: 1, sorting: 'createDate', orderBy: 'desc', transStartDate: start, transEndDate: last }, session),
    callUpstream('refundApprovals', { limit: 100, page: 1, apprStartDate: start, apprEndDate: last }, session),
  ]);
  const failed = [waiting, decided].find((r) => !r.ok);
  return (
    <>
      <PageHeading title={t('refund.reviewTitle')} />
      {failed && !failed.ok && <Alert type="error" showIcon title={t(errorMessageKey(failed.error) as never)} style={{ marginBottom: 16 }} />}
      <ReviewPanel
        waiting={(waiting.ok ? waiting.data.data : []) as unknown as ReviewRow[]}
        decided={(decided.ok ? decided.data.data : []) as unknown as ReviewRow[]}
        managementPassword={MANAGEMENT_PASSWORD_ROLES.includes(session.roleId)}
      />
    </>
  );
}
