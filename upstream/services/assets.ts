import { z } from 'zod';
import { ASSET_TYPES, DIRECTIONS, HISTORY_SORTS, PIE_ITEMS } from '../../lib/assets/codes';
import { toIsoDay, wallClock } from '../../lib/format/date';
import { SEARCH_SPAN_DAYS } from '../../lib/format/span';
import { authedCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { optionalText, pageOf, pageOffset, paging, wholeNumber } from '../http/inputs';
import { checkUserId, customersIn, timeSpan } from './scope-checks';

/**
 * Total assets (no partner variant). Margin, deposit, refund pool and the unavailable balance are
 * kept balances (each the sum of its history); the fund-settlement figures are computed from the
 * remittance and transaction records, so the panel always agrees with them.
 */
const assetInput = { userid: wholeNumber(1).optional(), customer_no: optionalText(30) };

async function panel(context: AuthedContext, customerNo: string | undefined) {
  const customers = await customersIn(context, customerNo);
  const monthStart = `${toIsoDay(wallClock(context.clock.now()).day).slice(0, 8)}01`;
  const [row] = await context.db.query<Record<string, string>>(
    `SELECT coalesce(sum(a.margin), 0)::numeric(18,2) AS margin, coalesce(sum(a.deposit), 0)::numeric(18,2) AS deposit,
            coalesce(sum(a.refund_pool), 0)::numeric(18,2) AS "refundPool", coalesce(sum(a.unavailable_balance), 0)::numeric(18,2) AS "unavailableBalance",
            (SELECT coalesce(sum(real_remit_amount), 0) FROM remittances WHERE customer_no = ANY($1) AND merged_into IS NULL AND remit_status = 'REMITTED' AND reconciliation_date >= $2::date)::numeric(18,2) AS "fundSettlementAmount",
            (SELECT coalesce(sum(not_remit_amount), 0) FROM remittances WHERE customer_no = ANY($1) AND merged_into IS NULL AND remit_status = 'PENDING')::numeric(18,2) AS "pendingFundSettlementAmount",
            (SELECT coalesce(sum(CASE category WHEN 'SALE' THEN trans_amount ELSE -trans_amount END), 0) FROM transactions
              WHERE customer_no = ANY($1) AND settledate IS NULL AND category <> 'OTHER')::numeric(18,2) AS "unsettledAmount"
       FROM total_assets a WHERE a.customer_no = ANY($1)`,
    [customers, monthStart],
  );
  const figures = row ?? {};
  const [trade] = await context.db.query<{ v: string }>('SELECT ($1::numeric + $2::numeric)::numeric(18,2) AS v', [figures.pendingFundSettlementAmount ?? '0', figures.unsettledAmount ?? '0']);
  return { ...figures, tradeBalance: trade?.v ?? '0.00' };
}

const panelItem = authedCall({
  method: 'GET',
  path: '/api/TotalAssets/GetPanelItem',
  rank: 'CUSTOMER',
  menus: ['totalAssets'],
  input: z.object(assetInput),
  async handle(context, input) {
    checkUserId(context, input.userid);
    return panel(context, input.customer_no);
  },
});

const pieItems = authedCall({
  method: 'GET',
  path: '/api/TotalAssets/GetPieItems',
  rank: 'CUSTOMER',
  menus: ['totalAssets'],
  input: z.object(assetInput),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const figures = (await panel(context, input.customer_no)) as Record<string, string>;
    return PIE_ITEMS.map((name) => ({ name, value: figures[name] ?? '0.00' }));
  },
});

const HISTORY_SORT_SQL: Record<(typeof HISTORY_SORTS)[number], string> = { operationDate: 'operation_date', amount: 'amount', assetType: 'asset_type' };

/**
 * The movements of the margin, deposit and refund pool, newest first by default, with the sums of
 * the whole filtered view (increases and decreases). A day span of at most 366 days, default the
 * last 366; `limit` up to 1000 for exports.
 */
const panelDetail = authedCall({
  method: 'GET',
  path: '/api/TotalAssets/GetPanelItemDetail',
  rank: 'CUSTOMER',
  menus: ['totalAssets'],
  input: z.object({
    ...assetInput,
    ...paging,
    limit: wholeNumber(1, 1000).default(10),
    sort: z.enum(HISTORY_SORTS).default('operationDate'),
    assetType: z.enum(ASSET_TYPES).optional(),
    direction: z.enum(DIRECTIONS).optional(),
    operationType: optionalText(40),
    operationSource: optionalText(40),
    dateFrom: z.string().regex(/^\d{8}$/, 'must be yyyyMMdd').optional(),
    dateTo: z.string().regex(/^\d{8}$/, 'must be yyyyMMdd').optional(),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const customers = await customersIn(context, input.customer_no);
    const { start, end } = timeSpan(context, input.dateFrom && `${input.dateFrom}000000`, input.dateTo && `${input.dateTo}235959`, SEARCH_SPAN_DAYS);
    const params = [customers, start, end, input.assetType ?? null, input.direction ?? null, input.operationType || null, input.operationSource || null];
    const where = `customer_no = ANY($1) AND operation_date BETWEEN $2 AND $3 AND ($4::text IS NULL OR asset_type = $4) AND ($5::text IS NULL OR direction = $5)
      AND ($6::text IS NULL OR operation_type = $6) AND ($7::text IS NULL OR operation_source = $7)`;
    const [sums = { total: 0, totalIncrease: '0.00', totalDecrease: '0.00' }] = await context.db.query<{ total: number; totalIncrease: string; totalDecrease: string }>(
      `SELECT count(*)::int AS total,
              coalesce(sum(amount) FILTER (WHERE direction = 'INCREASE'), 0)::numeric(18,2) AS "totalIncrease",
              coalesce(sum(amount) FILTER (WHERE direction = 'DECREASE'), 0)::numeric(18,2) AS "totalDecrease"
         FROM total_asset_history WHERE ${where}`,
      params,
    );
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(sums.total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT id, to_char(operation_date, 'YYYYMMDDHH24MISS') AS "operationDate", customer_no AS "customerId", amount,
              operation_type AS "operationType", asset_type AS "assetType", operation_source AS "operationSource",
              direction, operator
         FROM total_asset_history WHERE ${where} ORDER BY ${HISTORY_SORT_SQL[input.sort]} ${direction}, operation_date ${direction}, id ${direction}
        LIMIT ${input.limit} OFFSET ${offset}`,
      params,
    );
    return { data, totalIncrease: sums.totalIncrease, totalDecrease: sums.totalDecrease, ...pageOf(sums.total, input.limit, input.page) };
  },
});

export const ASSET_ENDPOINTS: Endpoint[] = [panelItem, panelDetail, pieItems];
