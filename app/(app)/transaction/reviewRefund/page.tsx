import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';
import { ListTabs } from '@/components/list-kit/ListTabs';
import { ReviewActions } from '@/components/refunds/ReviewActions';
import { MANAGEMENT_PASSWORD_ROLES } from '@/lib/auth/password-changes';
import { currentSession } from '@/lib/session/server';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const generateMetadata = () => listMetadata('refundReview');

/** Review refund applications (roles 1, 3, 7): the waiting list (status 10) to decide, and the decided requests in a second tab. */
export default async function ReviewRefundPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await currentSession();
  if (!session?.menus.includes('reviewRefund')) redirect('/login');
  const [t, params] = await Promise.all([getTranslations(), searchParams]);
  const decided = params.view === 'decided';
  const tabs = <ListTabs param="view" active={decided ? 'decided' : 'waiting'} tabs={[{ key: 'waiting', label: t('refund.review.waiting') }, { key: 'decided', label: t('refund.review.decided') }]} />;
  return decided ? (
    <ListScreen list="refundDecided" searchParams={searchParams} above={tabs} keep={{ view: 'decided' }} />
  ) : (
    <ListScreen list="refundReview" searchParams={searchParams} above={tabs} actions={<ReviewActions managementPassword={MANAGEMENT_PASSWORD_ROLES.includes(session.roleId)} account={session.account} />} />
  );
}
