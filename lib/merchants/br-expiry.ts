import { daysBetween, parseDay, type CalendarDay } from '../format/date';

/** A business registration expiring within this many days is warned about (issue 13). */
export const BR_WARNING_DAYS = 30;

/** Named under `merchant.brStates`. */
export type BrState = 'valid' | 'expiring' | 'expired';

/**
 * The state of a business registration that expires on `expiry` (yyyy-MM-dd), seen on `today` (the
 * business day): expired once the day is past, expiring from 30 days before it to the day itself,
 * valid before that. Unreadable dates are left without a state rather than called valid.
 */
export function brExpiryState(expiry: string | null | undefined, today: CalendarDay): BrState | undefined {
  const day = parseDay(expiry);
  if (!day) return undefined;
  const left = daysBetween(today, day);
  if (left < 0) return 'expired';
  return left <= BR_WARNING_DAYS ? 'expiring' : 'valid';
}
