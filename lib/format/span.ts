import { z } from 'zod';
import { daysBetween, parseDay, type CalendarDay } from './date';

/** Spec section 5: refund searches span at most 30 days, every other query at most 366. */
export const REFUND_SPAN_DAYS = 30;
export const SEARCH_SPAN_DAYS = 366;

export type SpanProblem = 'invalidDate' | 'endBeforeStart' | 'spanTooLong';

/**
 * Checks a from/to pair of days. The span is the number of days from the first to the last day,
 * so a 366-day limit admits 2025-11-21..2026-11-22 and refuses one day more.
 */
export function checkSpan(from: string, to: string, maxDays: number): SpanProblem | null {
  const start = parseDay(from);
  const end = parseDay(to);
  if (!start || !end) return 'invalidDate';
  const days = daysBetween(start, end);
  if (days < 0) return 'endBeforeStart';
  return days > maxDays ? 'spanTooLong' : null;
}

/** Message keys (messages/*.json, `validation.*`) for each span problem. */
export const SPAN_MESSAGE_KEYS: Record<SpanProblem, string> = {
  invalidDate: 'validation.invalidDate',
  endBeforeStart: 'validation.endBeforeStart',
  spanTooLong: 'validation.spanTooLong',
};

/**
 * A from/to day pair as one zod schema, shared by forms and route handlers. Issues carry the
 * message key and, for spans, the limit as `params.maxDays` for the translated text.
 */
export function dayRangeSchema(maxDays: number) {
  return z
    .object({ from: z.string(), to: z.string() })
    .superRefine(({ from, to }, context) => {
      const problem = checkSpan(from, to, maxDays);
      if (problem) {
        context.addIssue({
          code: 'custom',
          path: [problem === 'invalidDate' && !parseDay(from) ? 'from' : 'to'],
          message: SPAN_MESSAGE_KEYS[problem],
          params: { maxDays },
        });
      }
    })
    .transform(({ from, to }) => ({ from: parseDay(from) as CalendarDay, to: parseDay(to) as CalendarDay }));
}
