import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_OUTCOMES, PORTAL_RECORDED_ACTIONS, type ActivityAction, type ActivityOutcome } from '../../lib/activity/actions';
import type { Queryable } from '../db/database';
import { authedCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { optionalText, pageOf, pageOffset, paging, text, timestamp14, wholeNumber } from '../http/inputs';
import { timeSpan } from './scope-checks';

export interface ActivityEntry {
  userId: number | null;
  account: string;
  action: ActivityAction;
  target: string;
  detail: Record<string, unknown>;
  ip: string;
  outcome: ActivityOutcome;
  at: string;
}

/**
 * The one way an entry is written: through the connection of the call's transaction (see
 * http/transaction.ts), so the entry commits with the change it describes. The table refuses
 * UPDATE and DELETE (migration 0006).
 */
export async function writeActivity(db: Queryable, entry: ActivityEntry) {
  await db.query('INSERT INTO activity_log (user_id, account, action, target, detail, ip, outcome, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    entry.userId, entry.account, entry.action, entry.target, JSON.stringify(entry.detail), entry.ip, entry.outcome, entry.at,
  ]);
}

/** Whose entries a caller sees: the account administrator (role 1) its organisation's, everyone else its own. */
async function visibleUsers(context: AuthedContext): Promise<{ sql: string; params: unknown[] }> {
  const { principal } = context;
  if (principal.roleId !== 1) return { sql: 'l.user_id = $1', params: [principal.userId] };
  // An organisation: its own users, and for a customer the sub accounts of its merchants.
  const merchants = principal.type === 'CUSTOMER' ? (await context.scope()).merchants : [];
  return {
    sql: `l.user_id IN (SELECT user_id FROM users WHERE (type = $1 AND type_no = $2) OR (type = 'MERCHANT' AND type_no = ANY($3)))`,
    params: [principal.type, principal.typeNo, merchants],
  };
}

const actionList = z
  .string()
  .max(2000)
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.enum(ACTIVITY_ACTIONS)));

const SORT_COLUMNS = { createdAt: 'l.created_at', account: 'l.account', action: 'l.action' } as const;

/** Designed: the activity log, newest first by default, over at most 366 days (default the last 7). */
const listActivity = authedCall({
  method: 'GET',
  path: '/sso/api/v1/activity/getActivityLog',
  input: z.object({
    ...paging,
    // An export pages through the log in larger pages than a screen does.
    limit: wholeNumber(1, 1000).default(10),
    sort: z.enum(['createdAt', 'account', 'action']).default('createdAt'),
    timeFrom: timestamp14.optional(),
    timeTo: timestamp14.optional(),
    userName: optionalText(254),
    action: actionList.optional(),
    outcome: z.enum(ACTIVITY_OUTCOMES).optional(),
  }),
  async handle(context, input) {
    const span = timeSpan(context, input.timeFrom, input.timeTo, 7);
    const who = await visibleUsers(context);
    const base = who.params.length;
    const where = `WHERE ${who.sql} AND l.created_at BETWEEN $${base + 1} AND $${base + 2}
      AND ($${base + 3}::text IS NULL OR l.account ILIKE '%' || $${base + 3} || '%')
      AND ($${base + 4}::text[] IS NULL OR l.action = ANY($${base + 4}))
      AND ($${base + 5}::text IS NULL OR l.outcome = $${base + 5})`;
    const params = [...who.params, span.start, span.end, input.userName || null, input.action?.length ? input.action : null, input.outcome ?? null];
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM activity_log l ${where}`, params);
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT l.id, to_char(l.created_at, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt", l.user_id AS "userId", l.account, l.action, l.target,
              l.ip, l.outcome, l.detail
         FROM activity_log l ${where}
        ORDER BY ${SORT_COLUMNS[input.sort]} ${direction}, l.id ${direction} LIMIT $${base + 6} OFFSET $${base + 7}`,
      [...params, input.limit, offset],
    );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

/**
 * Designed: files are made by the portal (the transaction export, say), so the portal records them
 * here for the signed-in user. Only file actions can be recorded this way; the entry's author is the
 * token's user, whatever the input says.
 */
const recordFile = authedCall({
  method: 'POST',
  path: '/sso/api/v1/activity/recordFile',
  input: z.object({
    action: z.enum(PORTAL_RECORDED_ACTIONS),
    target: text(200).min(1),
    outcome: z.enum(ACTIVITY_OUTCOMES).default('success'),
    format: z.enum(['csv', 'xlsx', 'pdf']).optional(),
    rows: wholeNumber(0).optional(),
  }),
  async handle(context, input) {
    const detail = { ...(input.format ? { format: input.format } : {}), ...(input.rows !== undefined ? { rows: input.rows } : {}) };
    await context.log(input.action, input.target, detail, undefined, input.outcome);
    return { success: 1 };
  },
});

export const ACTIVITY_ENDPOINTS: Endpoint[] = [listActivity, recordFile];
