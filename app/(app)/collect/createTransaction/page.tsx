import { Suspense } from 'react';
import { CreateRequestSection, requestStores } from '@/components/collect/CreateRequestSection';
import { PaymentRequestActions } from '@/components/collect/PaymentRequestActions';
import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';
import { CardSkeleton } from '@/components/ui/CardSkeleton';
import { currentSession } from '@/lib/session/server';

export const generateMetadata = () => listMetadata('paymentRequests');

/** Create transaction (collect payment): the payment request form above the requests and their status. */
export default async function CreateTransactionPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await currentSession();
  // The list screen refuses a session without the menu; the form's choices are not even asked for then.
  const request = session?.menus.includes('createTransaction') ? requestStores(session) : null;
  return (
    <ListScreen
      list="paymentRequests"
      searchParams={searchParams}
      rowActions={PaymentRequestActions}
      above={
        request && (
          <Suspense fallback={<CardSkeleton />}>
            <CreateRequestSection request={request} />
          </Suspense>
        )
      }
    />
  );
}
