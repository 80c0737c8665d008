import 'server-only';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { Call, CallAnswer } from '../gateway/define';
import { withLocalNames } from '../i18n/names';
import type { SessionData } from '../session/session';
import { DASHBOARD_CALLS } from './calls';

/** The dashboard's panels, each one upstream call (the gateway picks the partner variant). */
export const DASHBOARD_PANELS = ['totals', 'counts', 'curve', 'topStores', 'transTypes', 'paymentTypes'] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

const CALL_OF = {
  totals: DASHBOARD_CALLS.dashboardTotals,
  counts: DASHBOARD_CALLS.dashboardCounts,
  curve: DASHBOARD_CALLS.dashboardCurve,
  topStores: DASHBOARD_CALLS.dashboardTopStores,
  transTypes: DASHBOARD_CALLS.dashboardTransTypes,
  paymentTypes: DASHBOARD_CALLS.dashboardPaymentTypes,
} as const satisfies Record<DashboardPanel, Call>;

export type PanelData<P extends DashboardPanel> = CallAnswer<(typeof CALL_OF)[P]>;
export type DashboardRequests = { [P in DashboardPanel]: Promise<GatewayResult<PanelData<P>>> };

/** An answer's rows (or its one record) with their names in the reader's language (lib/i18n/names.ts). */
function named<T>(answer: GatewayResult<T>, locale: string): GatewayResult<T> {
  if (!answer.ok) return answer;
  const data: unknown = answer.data;
  const local = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? withLocalNames(locale, value as Record<string, unknown>) : value);
  return { ...answer, data: (Array.isArray(data) ? data.map(local) : local(data)) as T };
}

/**
 * Starts every panel's call at once and hands back the promises, so that the page can stream each
 * panel as its own answer arrives and the PDF can wait for all of them; the page and the PDF read
 * each name (the customer's, a store's) in the reader's language.
 */
export function requestDashboard(session: SessionData, locale: string): DashboardRequests {
  return Object.fromEntries(DASHBOARD_PANELS.map((panel) => [panel, callUpstream(CALL_OF[panel], {}, session).then((answer) => named(answer, locale))])) as DashboardRequests;
}
