import { z } from 'zod';
import { addDays, parseDay, toIsoDay, wallClock } from '../../lib/format/date';
import { SEARCH_SPAN_DAYS } from '../../lib/format/span';
import { authedCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { ServiceError } from '../http/errors';
import { optionalText, pageOf, paging, wholeNumber } from '../http/inputs';
import { checkUserId, customersIn } from './scope-checks';

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
    return ['margin', 'deposit', 'refundPool', 'tradeBalance', 'unavailableBalance'].map((name) => ({ name, value: figures[name] ?? '0.00' }));
  },
});

const panelDetail = authedCall({
  method: 'GET',
  path: '/api/TotalAssets/GetPanelItemDetail',
  rank: 'CUSTOMER',
  menus: ['totalAssets'],
  input: z.object({
    ...assetInput,
    ...paging,
    assetType: z.enum(['MARGIN', 'DEPOSIT', 'REFUND_POOL']).optional(),
    direction: z.enum(['INCREASE', 'DECREASE']).optional(),
    dateFrom: z.string().regex(/^\d{8}$/, 'must be yyyyMMdd').optional(),
    dateTo: z.string().regex(/^\d{8}$/, 'must be yyyyMMdd').optional(),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const customers = await customersIn(context, input.customer_no);
    const today = wallClock(context.clock.now()).day;
    const from = input.dateFrom ? parseDay(input.dateFrom) : addDays(today, -SEARCH_SPAN_DAYS);
    const to = input.dateTo ? parseDay(input.dateTo) : today;
    if (!from || !to) throw new ServiceError(400, 'INVALID_INPUT', 'dateFrom and dateTo must be real days');
    const params = [customers, `${toIsoDay(from)} 00:00:00`, `${toIsoDay(to)} 23:59:59`, input.assetType ?? null, input.direction ?? null];
    const where = `customer_no = ANY($1) AND operation_date BETWEEN $2 AND $3 AND ($4::text IS NULL OR asset_type = $4) AND ($5::text IS NULL OR direction = $5)`;
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM total_asset_history WHERE ${where}`, params);
    const data = await context.db.query(
      `SELECT id, to_char(operation_date, 'YYYYMMDDHH24MISS') AS "operationDate", customer_no AS "customerId", amount,
              operation_type AS "operationType", asset_type AS "assetType", operation_source AS "operationSource",
              direction, operator
         FROM total_asset_history WHERE ${where} ORDER BY operation_date ${input.order === 'asc' ? 'ASC' : 'DESC'}, id DESC
        LIMIT ${input.limit} OFFSET ${(input.page - 1) * input.limit}`,
      params,
    );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

export const ASSET_ENDPOINTS: Endpoint[] = [panelItem, panelDetail, pieItems];
