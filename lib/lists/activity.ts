import { ACTIVITY_ACTIONS, ACTIVITY_OUTCOMES, ACTIVITY_SPAN_DAYS, actionMessageKey } from '../activity/actions';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `activity.fields.${id}`, field, ...rest });

/** The actions as the screen names them: their message keys (`login.failed` -> `loginFailed`), which the URL carries. */
export const ACTION_KEYS = ACTIVITY_ACTIONS.map(actionMessageKey);

/**
 * The activity log (issue 14): every state change of the organisation (the administrator) or of the
 * user, newest first, over at most 366 days (default the last 7).
 */
export const activityList = defineList({
  id: 'activity',
  title: 'menu.activityLog',
  menu: 'activityLog',
  filters: [
    { key: 'dates', label: 'activity.filters.dates', kind: 'days', maxDays: ACTIVITY_SPAN_DAYS, defaultDays: 7 },
    { key: 'user', label: 'activity.filters.user', kind: 'text', max: 254 },
    { key: 'action', label: 'activity.filters.action', kind: 'code', codes: ACTION_KEYS, names: 'activity.actions' },
    { key: 'outcome', label: 'activity.filters.outcome', kind: 'code', codes: ACTIVITY_OUTCOMES, names: 'activity.outcomes' },
  ],
  sorts: ['createdAt', 'account', 'action'],
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: [
    column('time', 'createdAt', { sort: 'createdAt' }),
    column('user', 'account', { sort: 'account' }),
    column('action', 'actionKey', { names: 'activity.actions', sort: 'action' }),
    column('target', 'target', { long: true }),
    // Why, where the entry says (a refund rejection's reason, which the requester reads too).
    column('reason', 'reason', { long: true }),
    // 'unknown' is what the portal records when nothing named the client (lib/http/client.ts): `next dev` only.
    column('ip', 'ip', { names: 'activity.addresses' }),
    column('outcome', 'outcome', { names: 'activity.outcomes', pinned: true }),
  ],
  detailTitle: 'menu.activityLog',
  rowKey: 'id',
  exportable: true,
});
