import 'server-only';
import { z } from 'zod';
import { PAYMENT_TYPES } from '../domain/transaction-types';
import { calls, define, money, userid } from '../gateway/define';

const count = z.number().int().min(0);
/** Percentages and percentage points travel as decimal text, like amounts. */
const percent = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const weekday = z.number().int().min(1).max(7);

/** The realtime list's filters that show a tip (whole days and the subject's keys). */
const filters = z.object({
  from: isoDay,
  to: isoDay,
  merchant_no: z.string().max(30).optional(),
  storeCode: z.string().max(30).optional(),
  terminal: z.string().max(30).optional(),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
});

const busy = { figures: z.object({ count, amount: money, share: percent }), filters };
const silentFigures = z.object({ lastDay: isoDay, days: count, baselineCount: count });
/** A store by its number and its names (English, Traditional and Simplified Chinese; the page shows the reader's). */
const store = { merchantNo: z.string(), storeCode: z.string(), storeName: z.string(), storeCName: z.string().optional(), storeCNameHans: z.string().optional() };

export const tipSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('BUSY_HOUR'), subject: z.object({ hour: z.number().int().min(0).max(23) }), ...busy }),
  z.object({ kind: z.literal('BUSY_WEEKDAY'), subject: z.object({ weekday }), ...busy }),
  z.object({
    kind: z.literal('PAYMENT_MIX'),
    subject: z.object({ paymentType: z.enum(PAYMENT_TYPES) }),
    figures: z.object({ recentCount: count, recentTotal: count, recentShare: percent, baselineCount: count, baselineTotal: count, baselineShare: percent, change: percent }),
    filters,
  }),
  z.object({
    kind: z.literal('REFUND_RATE'),
    subject: z.object({}),
    figures: z.object({
      recentSales: count, recentVoids: count, recentRefunds: count, recentRate: percent,
      baselineSales: count, baselineVoids: count, baselineRefunds: count, baselineRate: percent, change: percent,
    }),
    filters,
  }),
  z.object({ kind: z.literal('SILENT_STORE'), subject: z.object(store), figures: silentFigures, filters }),
  z.object({ kind: z.literal('SILENT_TERMINAL'), subject: z.object({ ...store, terminalNo: z.string() }), figures: silentFigures, filters }),
  z.object({
    kind: z.literal('LOW_DAY'),
    subject: z.object({ day: isoDay, weekday }),
    figures: z.object({ count, net: money, medianCount: count, medianNet: money }),
    filters,
  }),
]);
export type SmartTip = z.infer<typeof tipSchema>;

/** Transaction Smart Tips (designed; upstream/README.md): partners over their customers, like the dashboard. */
export const TIP_CALLS = calls({
  smartTips: define({
    method: 'GET',
    path: '/api/Transaction/GetSmartTips',
    partnerVariant: true,
    input: z.object({ customer_no: z.string().max(30).optional() }),
    // `more`: the silent stores and terminals beyond the ones shown (TIP_RULES.silentShown).
    answer: z.looseObject({ day: isoDay, data: z.array(tipSchema), more: z.object({ SILENT_STORE: count, SILENT_TERMINAL: count }) }),
    menus: ['smartTips'],
    inject: userid,
  }),
});
