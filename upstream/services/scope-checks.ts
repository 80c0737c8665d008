import { addDays, daysBetween, parseDay, toIsoDay, wallClock } from '../../lib/format/date';
import { SEARCH_SPAN_DAYS } from '../../lib/format/span';
import type { AuthedContext } from '../http/endpoint';
import { forbidden, ServiceError } from '../http/errors';

/** A `userid` in the input must be the caller's own: identity comes from the token. */
export function checkUserId(context: AuthedContext, userid: number | undefined) {
  if (userid !== undefined && userid !== context.principal.userId) throw forbidden('userid is not the signed-in user');
}

/** 14-digit bounds to timestamps, defaulting to the given days back from today, at most maxDays apart. */
export function timeSpan(
  context: AuthedContext,
  from: string | undefined,
  to: string | undefined,
  defaultDays: number,
  maxDays = SEARCH_SPAN_DAYS,
): { start: string; end: string } {
  const today = wallClock(context.clock.now()).day;
  const start = from ? toTimestamp(from) : `${toIsoDay(addDays(today, -(defaultDays - 1)))} 00:00:00`;
  const end = to ? toTimestamp(to) : `${toIsoDay(today)} 23:59:59`;
  const startDay = parseDay(start.slice(0, 10));
  const endDay = parseDay(end.slice(0, 10));
  if (!startDay || !endDay || start > end) throw new ServiceError(400, 'INVALID_SPAN', 'The end of the span is before its start');
  if (daysBetween(startDay, endDay) > maxDays) {
    throw new ServiceError(400, 'SPAN_TOO_LONG', `The span can be at most ${maxDays} days`, { maxDays });
  }
  return { start, end };
}

function toTimestamp(compact: string): string {
  const text = `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)} ${compact.slice(8, 10)}:${compact.slice(10, 12)}:${compact.slice(12, 14)}`;
  const day = parseDay(text.slice(0, 10));
  const [h, m, s] = [compact.slice(8, 10), compact.slice(10, 12), compact.slice(12, 14)].map(Number) as [number, number, number];
  if (!day || h > 23 || m > 59 || s > 59) throw new ServiceError(400, 'INVALID_INPUT', `${compact} is not a real moment`);
  return text;
}

/** The customers of the caller's scope that the input names (all of them when it names none). */
export async function customersIn(context: AuthedContext, customerNo: string | undefined): Promise<string[]> {
  const { customers } = await context.scope();
  if (!customerNo) return customers;
  return customers.includes(customerNo) ? [customerNo] : [];
}
