import { getTranslations } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import type { DashboardPanel, DashboardRequests } from '@/lib/dashboard/load';
import type { GatewayResult } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { CountsBody, CurveBody, DashboardGrid, PanelCard, PanelError, PanelSkeleton, PaymentTypesBody, TopStoresBody, TotalsBody, TransTypesBody } from './bodies';

/**
 * One panel: its frame renders at once, its body streams in when its own call answers, and a failed
 * call shows that panel's message with a retry instead of taking the page down.
 */
function Panel<T>({ panel, request, render }: { panel: DashboardPanel; request: Promise<GatewayResult<T>>; render: (data: T) => ReactNode }) {
  return (
    <PanelCard panel={panel}>
      <Suspense fallback={<PanelSkeleton panel={panel} />}>
        <PanelBody request={request} render={render} />
      </Suspense>
    </PanelCard>
  );
}

async function PanelBody<T>({ request, render }: { request: Promise<GatewayResult<T>>; render: (data: T) => ReactNode }) {
  const result = await request;
  if (result.ok) return render(result.data);
  const t = await getTranslations();
  return <PanelError message={t(errorMessageKey(result.error) as never, (result.error.params ?? {}) as never)} />;
}

/** The dashboard's panels; every request is already in flight when this renders. */
export function DashboardPanels({ requests }: { requests: DashboardRequests }) {
  return (
    <DashboardGrid
      panels={{
        totals: <Panel panel="totals" request={requests.totals} render={(data) => <TotalsBody data={data} />} />,
        counts: <Panel panel="counts" request={requests.counts} render={(data) => <CountsBody data={data} />} />,
        curve: <Panel panel="curve" request={requests.curve} render={(data) => <CurveBody data={data} />} />,
        transTypes: <Panel panel="transTypes" request={requests.transTypes} render={(data) => <TransTypesBody data={data} />} />,
        topStores: <Panel panel="topStores" request={requests.topStores} render={(data) => <TopStoresBody data={data} />} />,
        paymentTypes: <Panel panel="paymentTypes" request={requests.paymentTypes} render={(data) => <PaymentTypesBody data={data} />} />,
      }}
    />
  );
}
