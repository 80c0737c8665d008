import { Suspense } from 'react';
import { AssetOverview, requestOverview } from '@/components/assets/AssetOverview';
import { ListScreen, listMetadata } from '@/components/list-kit/ListScreen';
import { CardSkeleton } from '@/components/ui/CardSkeleton';
import { currentSession } from '@/lib/session/server';

export const generateMetadata = () => listMetadata('assetHistory');

/** Total assets (roles 1 and 8 of a customer; never partners): the figures, the pie, and the movement history. */
export default async function TotalAssetsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await currentSession();
  // The list screen refuses a session without the menu; the figures are not even asked for then.
  const requests = session?.menus.includes('totalAssets') ? requestOverview(session) : null;
  return (
    <ListScreen
      list="assetHistory"
      searchParams={searchParams}
      above={
        requests && (
          <Suspense fallback={<CardSkeleton />}>
            <AssetOverview requests={requests} />
          </Suspense>
        )
      }
    />
  );
}
