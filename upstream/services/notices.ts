import { z } from 'zod';
import { BR_RENEWAL_DAYS } from '../../lib/documents/rules';
import { addDays, toIsoDay, wallClock } from '../../lib/format/date';
import { NOTICE_KINDS, NOTICE_STATES } from '../../lib/notices/codes';
import { authedCall, publicCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { notFound, ServiceError } from '../http/errors';
import { flag, optionalText, pageOf, pageOffset, paging, text, wholeNumber } from '../http/inputs';
import type { Queryable } from '../db/database';

/**
 * Designed: payment-service news and notices from the provider (the spec's "wrs2" service), each
 * stored in English, Traditional and Simplified Chinese and answered in the language asked for.
 * A notice with a customer is for that customer's users (and, with a merchant, only those who see
 * it); one without is for everyone. Read state and acknowledgements are per user.
 */

const LANGUAGE_COLUMNS = {
  en: { title: 'n.title_en', body: 'n.body_en' },
  zhTW: { title: 'n.title_zh_tw', body: 'n.body_zh_tw' },
  zhCN: { title: 'n.title_zh_cn', body: 'n.body_zh_cn' },
} as const;
const language = z.enum(['en', 'zhTW', 'zhCN']).default('en');
const noticeIds = z.array(wholeNumber(1)).min(1).max(100);

/** The notices a user may see: `$1` the user, `$2` the scope's customers, `$3` its merchants. */
const VISIBLE = `(n.customer_no IS NULL OR (n.customer_no = ANY($2::text[]) AND (n.merchant_no IS NULL OR n.merchant_no = ANY($3::text[]))))
   AND (n.user_id IS NULL OR n.user_id = $1::int)`;
/** With the user's read state joined. */
const READS = 'FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $1';

/** The scope's customers and merchants (none for a partner: customer notices concern the merchant's own business). */
async function audience(context: AuthedContext): Promise<[string[], string[]]> {
  if (context.principal.rank === 'PARTNER') return [[], []];
  const { customers, merchants } = await context.scope();
  return [customers, merchants];
}

/** The parameters of a query over READS. */
const readParams = async (context: AuthedContext) => [context.principal.userId, ...(await audience(context))];

const noticeColumns = (lang: keyof typeof LANGUAGE_COLUMNS) => `
  n.id::int AS id, n.kind, n.important, n.link, ${LANGUAGE_COLUMNS[lang].title} AS title, ${LANGUAGE_COLUMNS[lang].body} AS body,
  to_char(n.created_at, 'YYYYMMDDHH24MISS') AS "createdAt", (r.read_at IS NOT NULL) AS read,
  coalesce(to_char(r.read_at, 'YYYYMMDDHH24MISS'), '') AS "readAt", (r.acknowledged_at IS NOT NULL) AS acknowledged,
  to_char(n.due_on, 'YYYY-MM-DD') AS "dueOn"`;

/** Where a notice's text names its date (`due_on`, migration 0016): worded when answered, not when written. */
const DUE = '{due}';

/** The date in each language's words: "expires on" until the day, "expired on" after it. */
const DUE_WORDS: Record<keyof typeof LANGUAGE_COLUMNS, { coming: (day: string) => string; past: (day: string) => string }> = {
  en: { coming: (day) => `expires on ${day}`, past: (day) => `expired on ${day}` },
  zhTW: { coming: (day) => `將於 ${day} 到期`, past: (day) => `已於 ${day} 到期` },
  zhCN: { coming: (day) => `将于 ${day} 到期`, past: (day) => `已于 ${day} 到期` },
};

type NoticeText = { title: string; body: string; dueOn: string | null };

/**
 * A notice about a date, in the tense of the day it is read (the services' today, Hong Kong):
 * a renewal notice written while the registration was valid says it expired once the day passed.
 */
function wordDue<T extends NoticeText>(row: T, lang: keyof typeof LANGUAGE_COLUMNS, today: string): T {
  if (!row.dueOn) return row;
  const words = row.dueOn < today ? DUE_WORDS[lang].past(row.dueOn) : DUE_WORDS[lang].coming(row.dueOn);
  return { ...row, title: row.title.replaceAll(DUE, words), body: row.body.replaceAll(DUE, words) };
}

const todayOf = (context: AuthedContext) => toIsoDay(wallClock(context.clock.now()).day);

/**
 * A business registration expiring within 30 days (Merchant brExpiryDate) asks for a new one in a
 * notice of its own, made once per merchant and expiry date (`source_key`), unless a new
 * registration is already with the provider. Run before the notices are read, so a user never
 * sees a list without it.
 */
export async function deriveRenewalNotices(db: Queryable, customers: string[], now: Date, at: string) {
  if (customers.length === 0) return;
  const today = wallClock(now).day;
  await db.query(
    `INSERT INTO notifications (customer_no, merchant_no, kind, important, link, source_key, created_at, due_on,
                                title_en, title_zh_tw, title_zh_cn, body_en, body_zh_tw, body_zh_cn)
     SELECT m.customer_no, m.merchant_no, 'NOTICE', false, '/uploadDocuments',
            'br-expiry:' || m.merchant_no || ':' || to_char(m.br_expiry_date, 'YYYY-MM-DD'), $3::timestamp, m.br_expiry_date,
            'Business registration of ' || m.business_name || ' ${DUE}',
            m.business_cname || '的商業登記${DUE}',
            coalesce(m.business_cname_hans, m.business_cname) || '的商业登记${DUE}',
            'The business registration of ' || m.business_name || ' (' || m.merchant_no || ') ${DUE}'
              || '. Please upload the renewed certificate under Upload documents.',
            m.business_cname || '（' || m.merchant_no || '）的商業登記${DUE}，請在「上傳文件」上傳已續期的商業登記證。',
            coalesce(m.business_cname_hans, m.business_cname) || '（' || m.merchant_no || '）的商业登记${DUE}，请在“上传文件”上传已续期的商业登记证。'
       FROM merchants m
      WHERE m.customer_no = ANY($1) AND m.br_expiry_date <= $2::date
        AND NOT EXISTS (SELECT 1 FROM documents doc WHERE doc.merchant_no = m.merchant_no AND doc.doc_type = 'BUSINESS_REGISTRATION'
                          AND doc.status IN ('RECEIVED', 'UNDER_REVIEW', 'ACCEPTED') AND doc.uploaded_at >= m.br_expiry_date - $4::int)
     ON CONFLICT (source_key) DO NOTHING`,
    [customers, toIsoDay(addDays(today, BR_RENEWAL_DAYS)), at, BR_RENEWAL_DAYS * 2],
  );
}

async function derived(context: AuthedContext) {
  const [customers] = await audience(context);
  await deriveRenewalNotices(context.db, customers, context.clock.now(), context.clock.timestamp());
}

const SORTS = {
  // Unread first, then newest: the list's default order.
  unread: (direction: string) => `(r.read_at IS NOT NULL) ${direction === 'DESC' ? 'ASC' : 'DESC'}, n.created_at DESC, n.id DESC`,
  createdAt: (direction: string) => `n.created_at ${direction}, n.id ${direction}`,
} as const;

const listNotices = authedCall({
  method: 'GET',
  path: '/wrs2/api/v1/notice/list',
  menus: ['notifications'],
  writes: true,
  input: z.object({
    ...paging,
    sort: z.enum(['unread', 'createdAt']).default('unread'),
    kind: z.enum(NOTICE_KINDS).optional(),
    state: z.enum(NOTICE_STATES).optional(),
    lang: language,
  }),
  async handle(context, input) {
    await derived(context);
    const where = `${READS}
      WHERE ${VISIBLE} AND ($4::text IS NULL OR n.kind = $4)
        AND ($5::text IS NULL OR (r.read_at IS NOT NULL) = ($5 = 'READ'))`;
    const params = [...(await readParams(context)), input.kind ?? null, input.state ?? null];
    const [counts] = await context.db.query<{ total: number; unread: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE r.read_at IS NULL)::int AS unread ${where}`,
      params,
    );
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(counts?.total ?? 0, input.limit, input.page);
    const rows = offset === null ? [] : await context.db.query<NoticeText>(
      `SELECT ${noticeColumns(input.lang)} ${where} ORDER BY ${SORTS[input.sort](direction)} LIMIT $6 OFFSET $7`,
      [...params, input.limit, offset],
    );
    const today = todayOf(context);
    const data = rows.map((row) => wordDue(row, input.lang, today));
    return { data, unread: counts?.unread ?? 0, ...pageOf(counts?.total ?? 0, input.limit, input.page) };
  },
});

const unreadCount = authedCall({
  method: 'GET',
  path: '/wrs2/api/v1/notice/unreadCount',
  menus: ['notifications'],
  writes: true,
  input: z.object({}),
  async handle(context) {
    await derived(context);
    const [row] = await context.db.query<{ unread: number }>(
      `SELECT count(*)::int AS unread ${READS} WHERE ${VISIBLE} AND r.read_at IS NULL`,
      await readParams(context),
    );
    return { unread: row?.unread ?? 0 };
  },
});

/** The important notices this user has not acknowledged, oldest first: the dialog after sign-in shows them. */
const importantNotices = authedCall({
  method: 'GET',
  path: '/wrs2/api/v1/notice/important',
  menus: ['notifications'],
  input: z.object({ lang: language }),
  async handle(context, input) {
    const rows = await context.db.query<NoticeText>(
      `SELECT ${noticeColumns(input.lang)} ${READS} WHERE ${VISIBLE} AND n.important AND r.acknowledged_at IS NULL ORDER BY n.created_at, n.id`,
      await readParams(context),
    );
    const today = todayOf(context);
    return { data: rows.map((row) => wordDue(row, input.lang, today)) };
  },
});

/** The ids among these that the user may see; any other is refused as not found (all or nothing). */
async function visibleIds(context: AuthedContext, ids: number[]): Promise<number[]> {
  const rows = await context.db.query<{ id: number }>(`SELECT n.id::int AS id FROM notifications n WHERE n.id = ANY($4::bigint[]) AND ${VISIBLE}`, [
    ...(await readParams(context)),
    ids,
  ]);
  if (rows.length !== new Set(ids).size) throw notFound('No such notice');
  return rows.map((r) => r.id);
}

/** Marks notices read: the ones named, or with `all` every one the user sees. Reading twice changes nothing. */
const markRead = authedCall({
  method: 'POST',
  path: '/wrs2/api/v1/notice/read',
  menus: ['notifications'],
  input: z.object({ ids: noticeIds.optional(), all: flag.optional() }).refine((input) => Boolean(input.ids) !== Boolean(input.all), 'name ids or all'),
  async handle(context, input) {
    const ids = input.ids
      ? await visibleIds(context, input.ids)
      : (await context.db.query<{ id: number }>(`SELECT n.id::int AS id FROM notifications n WHERE ${VISIBLE}`, await readParams(context))).map((r) => r.id);
    const rows = await context.db.query(
      `INSERT INTO notification_reads (notification_id, user_id, read_at) SELECT unnest($1::bigint[]), $2, $3
       ON CONFLICT (notification_id, user_id) DO NOTHING RETURNING notification_id`,
      [ids, context.principal.userId, context.clock.timestamp()],
    );
    if (rows.length > 0) await context.log('notice.read', input.all ? 'all' : ids.join(','), { count: rows.length });
    return { success: 1, updated: rows.length };
  },
});

/** Acknowledges an important notice (and reads it): its dialog no longer opens, on any browser. */
const acknowledge = authedCall({
  method: 'POST',
  path: '/wrs2/api/v1/notice/acknowledge',
  menus: ['notifications'],
  input: z.object({ id: wholeNumber(1) }),
  async handle(context, input) {
    const [id] = await visibleIds(context, [input.id]);
    const [notice] = await context.db.query<{ important: boolean }>('SELECT important FROM notifications WHERE id = $1', [id]);
    if (!notice?.important) throw new ServiceError(422, 'NOTICE_NOT_IMPORTANT', 'Only an important notice is acknowledged');
    const at = context.clock.timestamp();
    await context.db.query(
      `INSERT INTO notification_reads (notification_id, user_id, read_at, acknowledged_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (notification_id, user_id) DO UPDATE SET acknowledged_at = coalesce(notification_reads.acknowledged_at, EXCLUDED.acknowledged_at)`,
      [id, context.principal.userId, at],
    );
    await context.log('notice.acknowledge', String(id));
    return { success: 1 };
  },
});

export const NOTICE_ENDPOINTS: Endpoint[] = [listNotices, unreadCount, importantNotices, markRead, acknowledge];

/** Demo and test: the provider publishes a notice (for everyone, or one customer's users). */
const publish = publicCall({
  method: 'POST',
  path: '/dev/notices/publish',
  input: z.object({
    customer_no: optionalText(30),
    /** To one user only (of that customer, when one is named). */
    account: optionalText(254),
    kind: z.enum(NOTICE_KINDS).default('NEWS'),
    important: z.boolean().default(false),
    title: z.object({ en: text(200).min(1), zhTW: text(200).min(1), zhCN: text(200).min(1) }),
    body: z.object({ en: text(4000).min(1), zhTW: text(4000).min(1), zhCN: text(4000).min(1) }),
  }),
  async handle({ db, clock }, input) {
    if (input.customer_no) {
      const [customer] = await db.query('SELECT 1 FROM customers WHERE customer_no = $1', [input.customer_no]);
      if (!customer) throw notFound('No such customer');
    }
    let userId: number | null = null;
    if (input.account) {
      const [user] = await db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [input.account]);
      if (!user) throw notFound('No such account');
      userId = user.user_id;
    }
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO notifications (customer_no, user_id, kind, important, created_at, title_en, title_zh_tw, title_zh_cn, body_en, body_zh_tw, body_zh_cn)
       VALUES ($1, $11, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::int AS id`,
      [input.customer_no ?? null, input.kind, input.important, clock.timestamp(), input.title.en, input.title.zhTW, input.title.zhCN, input.body.en, input.body.zhTW, input.body.zhCN, userId],
    );
    return { id: row?.id };
  },
});

export const NOTICE_DEV_ENDPOINTS: Endpoint[] = [publish];
