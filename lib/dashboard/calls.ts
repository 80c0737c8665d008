import 'server-only';
import { z } from 'zod';
import { SUMMARY_CATEGORIES } from '../domain/transaction-types';
import { calls, define, money, userid } from '../gateway/define';

const dayFigure = z.looseObject({ day: z.string().regex(/^\d{8}$/), count: z.number().int(), amount: money });
/** The dashboard calls' shared input: an optional customer and span (default the last seven days). */
const dashboardInput = z.object({ customer_no: z.string().max(30).optional(), gmtPaymentFrom: z.string().regex(/^\d{14}$/).optional(), gmtPaymentTo: z.string().regex(/^\d{14}$/).optional() });

/** The dashboard's figures (spec section 2), each for one customer or all of a partner's, over a span. */
export const DASHBOARD_CALLS = calls({
  dashboardTotals: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetMerchantAllcountAndAmount',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.looseObject({ allCount: z.number().int(), allAmount: money }),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardCounts: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetMerchantTerAndStoCount',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.looseObject({ customer_cname: z.string(), customer_name: z.string(), merchant_count: z.number().int(), store_count: z.number().int(), terminal_count: z.number().int() }),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardCurve: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetCurveChartSevenDays',
    partnerVariant: true,
    input: dashboardInput,
    // Whole days compared (the 7 before today against the 7 before them); today so far apart, with the time it runs to.
    answer: z.looseObject({ current: z.array(dayFigure).length(7), previous: z.array(dayFigure).length(7), today: dayFigure.extend({ until: z.string().regex(/^\d{2}:\d{2}:\d{2}$/) }) }),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardTopStores: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetMerchantTopFiveStores',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.array(z.looseObject({ store_code: z.string(), store_name: z.string(), merchant_no: z.string(), count: z.number().int(), amount: money })).max(5),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardTransTypes: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetPieTransTypeCount',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.array(z.looseObject({ name: z.enum(SUMMARY_CATEGORIES), count: z.number().int(), amount: money })),
    menus: ['dashboard'],
    inject: userid,
  }),
  dashboardPaymentTypes: define({
    method: 'GET',
    path: '/api/Transaction/GetTransPaymentType',
    partnerVariant: true,
    input: dashboardInput,
    answer: z.array(z.looseObject({ payment_type: z.string(), count: z.number().int(), amount: money })),
    menus: ['dashboard'],
    inject: userid,
  }),
});
