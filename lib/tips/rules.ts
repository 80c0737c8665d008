/**
 * Transaction Smart Tips (issue 15): the kinds of tip and every threshold that decides whether one
 * shows, in one place. The services compute the tips with these values, the tests check the tips
 * against SQL with the same values, and docs/decisions.md explains them.
 */
export const TIP_KINDS = ['BUSY_HOUR', 'BUSY_WEEKDAY', 'PAYMENT_MIX', 'REFUND_RATE', 'SILENT_STORE', 'SILENT_TERMINAL', 'LOW_DAY'] as const;
export type TipKind = (typeof TIP_KINDS)[number];

export const TIP_RULES = {
  /** Busiest hours and weekdays: the sales of the last 28 whole days (to yesterday), so every weekday counts four times. */
  busyDays: 28,
  busiestHours: 3,
  busiestWeekdays: 2,
  /** Payment mix and refund rate: the last 7 days (today included) against the 28 days before them. */
  recentDays: 7,
  baselineDays: 28,
  /** Neither window compares shares or rates of fewer sales than this: a handful of sales moves any share. */
  minSales: 20,
  /** A payment type's share of the sales (by count) moved by at least this many percentage points. */
  mixPoints: '10',
  /** Voids and refunds per 100 sales rose by at least this many percentage points. */
  refundPoints: '3',
  /** A store or terminal with transactions in the 28 days before is silent after this many days without any. */
  silentDays: 7,
  /**
   * The silent stores, and the silent terminals, shown as tips: the longest silent first, the others
   * counted (a chain's outage would otherwise be hundreds of cards).
   */
  silentShown: 5,
  /** A recent whole day (the last 7 before today) against the median of the same weekday in the 4 weeks before it. */
  lowDayWeeks: 4,
  /** Far below: the day's count or net amount under this share of that median. */
  lowDayShare: '0.5',
  /** A median of fewer transactions than this is too small to call a day low. */
  lowDayMinCount: 3,
} as const;

/** ISO weekdays, Monday 1 to Sunday 7, as PostgreSQL's `extract(isodow ...)` gives them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
