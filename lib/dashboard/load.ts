import 'server-only';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { CallAnswer } from '../gateway/registry';
import type { SessionData } from '../session/session';

/** The dashboard's panels, each one upstream call (the registry picks the partner variant). */
export const DASHBOARD_PANELS = ['totals', 'counts', 'curve', 'topStores', 'transTypes', 'paymentTypes'] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

const CALL_OF = {
  totals: 'dashboardTotals',
  counts: 'dashboardCounts',
  curve: 'dashboardCurve',
  topStores: 'dashboardTopStores',
  transTypes: 'dashboardTransTypes',
  paymentTypes: 'dashboardPaymentTypes',
} as const satisfies Record<DashboardPanel, string>;

export type PanelData<P extends DashboardPanel> = CallAnswer<(typeof CALL_OF)[P]>;
export type DashboardRequests = { [P in DashboardPanel]: Promise<GatewayResult<PanelData<P>>> };

/**
 * Starts every panel's call at once and hands back the promises, so that the page can stream each
 * panel as its own answer arrives and the PDF can wait for all of them.
 */
export function requestDashboard(session: SessionData): DashboardRequests {
  return Object.fromEntries(DASHBOARD_PANELS.map((panel) => [panel, callUpstream(CALL_OF[panel], {}, session)])) as DashboardRequests;
}
