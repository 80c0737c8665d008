import 'server-only';
import { daySpan, parseDay, today } from '../format/date';
import { callUpstream } from '../gateway/client';
import { textOf, type ListValues } from '../list-kit/definition';
import { pagedExport } from '../list-kit/export';
import type { ListSource } from '../list-kit/source';
import { activityList } from '../lists/activity';
import type { SessionData } from '../session/session';
import { ACTIVITY_ACTIONS, actionMessageKey, type ActivityOutcome } from './actions';
import { ACCOUNT_CALLS } from '../accounts/calls';

/** The services' rows carry action codes; the screen names them by their message keys. */
const codeOfKey = new Map(ACTIVITY_ACTIONS.map((action) => [actionMessageKey(action), action]));
/** Rows per call of an export (the log call's most). */
const EXPORT_PAGE = 1000;

function logQuery(values: ListValues) {
  const from = parseDay(textOf(values, 'from')) ?? today();
  const to = parseDay(textOf(values, 'to')) ?? from;
  const span = daySpan(from, to);
  const action = textOf(values, 'action');
  return {
    sort: values.sort as 'createdAt' | 'account' | 'action',
    order: values.dir,
    timeFrom: span.start,
    timeTo: span.end,
    userName: textOf(values, 'user'),
    action: action ? codeOfKey.get(action) : undefined,
    outcome: textOf(values, 'outcome') as ActivityOutcome | undefined,
  };
}

/** A reason the entry records (a refund rejection's), as the screen and the file show it. */
const reasonOf = (detail: unknown) => (detail && typeof detail === 'object' && typeof (detail as { reason?: unknown }).reason === 'string' ? (detail as { reason: string }).reason : '');

const named = (rows: Record<string, unknown>[]) => rows.map((row) => ({ ...row, actionKey: actionMessageKey(row.action as (typeof ACTIVITY_ACTIONS)[number]), reason: reasonOf(row.detail) }));

function page(session: SessionData, values: ListValues, limit: number, pageNo: number) {
  return callUpstream(ACCOUNT_CALLS.activityLog, { ...logQuery(values), limit, page: pageNo }, session);
}

/** The activity log: the services decide whose entries a session sees (the organisation's for role 1). */
export const activitySource: ListSource = {
  definition: activityList,
  async load(session, values) {
    const answer = await page(session, values, values.size, values.page);
    return answer.ok ? { ...answer, data: { rows: named(answer.data.data), total: answer.data.total } } : answer;
  },
  export: {
    ...pagedExport(page, (answer) => named(answer.data), EXPORT_PAGE),
    fileName: (values) => `activity_${(textOf(values, 'from') ?? '').replaceAll('-', '')}_${(textOf(values, 'to') ?? '').replaceAll('-', '')}`,
  },
};
