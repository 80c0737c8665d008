import { Suspense } from 'react';
import { ApplyServicePanel, requestChoices } from '@/components/applications/ApplyServicePanel';
import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';
import { CardSkeleton } from '@/components/ui/CardSkeleton';
import { currentSession } from '@/lib/session/server';

export const generateMetadata = () => listMetadata('applications');

/** Apply for payment service (the main account): the application form above the applications and their review status. */
export default async function ApplyServicePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await currentSession();
  // The list screen refuses a session without the menu; the form's choices are not even asked for then.
  const request = session?.menus.includes('applyService') ? requestChoices(session) : null;
  return (
    <ListScreen
      list="applications"
      searchParams={searchParams}
      above={
        session &&
        request && (
          <Suspense fallback={<CardSkeleton />}>
            <ApplyServicePanel request={request} contactName={session.nickName} />
          </Suspense>
        )
      }
    />
  );
}
