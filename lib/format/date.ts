import { BUSINESS_TIME_ZONE } from '../time/zone';
import { EMPTY_VALUE } from './money';

/** A calendar day, month 1-12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

function isRealDay({ year, month, day }: CalendarDay): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Reads "yyyy-MM-dd" or "yyyyMMdd"; impossible days (Feb 30) are null. */
export function parseDay(text: string | null | undefined): CalendarDay | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDay(day) ? day : null;
}

export function toIsoDay({ year, month, day }: CalendarDay): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function toCompactDay({ year, month, day }: CalendarDay): string {
  return `${pad(year, 4)}${pad(month)}${pad(day)}`;
}

/** Today in the business time zone (Asia/Hong_Kong unless configured). */
export function today(now: Date = new Date(), timeZone: string = BUSINESS_TIME_ZONE): CalendarDay {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day) + days * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS,
  );
}

/** "20261121153005" -> "2026-11-21 15:30:05"; anything that is not a real moment -> "-". */
export function formatTimestamp14(text: string | null | undefined): string {
  const match = /^(\d{8})(\d{2})(\d{2})(\d{2})$/.exec(text?.trim() ?? '');
  if (!match) return EMPTY_VALUE;
  const day = parseDay(match[1]);
  const [hours, minutes, seconds] = [match[2], match[3], match[4]].map(Number) as [number, number, number];
  if (!day || hours > 23 || minutes > 59 || seconds > 59) return EMPTY_VALUE;
  return `${toIsoDay(day)} ${match[2]}:${match[3]}:${match[4]}`;
}

/** "20261121" -> "2026-11-21"; anything that is not a real day -> "-". */
export function formatDay8(text: string | null | undefined): string {
  const day = /^\d{8}$/.test(text?.trim() ?? '') ? parseDay(text) : null;
  return day ? toIsoDay(day) : EMPTY_VALUE;
}

/** The spec's query span: the first day from 000000, the last day to 235959. */
export function daySpan(from: CalendarDay, to: CalendarDay): { start: string; end: string } {
  return { start: `${toCompactDay(from)}000000`, end: `${toCompactDay(to)}235959` };
}

/** The wall-clock day and time of `now` in the business time zone, as "yyyy-MM-dd HH:mm:ss". */
export function wallClock(now: Date = new Date(), timeZone: string = BUSINESS_TIME_ZONE): { day: CalendarDay; time: string; secondOfDay: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const [hours, minutes, seconds] = [part('hour'), part('minute'), part('second')];
  const day = today(now, timeZone);
  return {
    day,
    time: `${toIsoDay(day)} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`,
    secondOfDay: hours * 3600 + minutes * 60 + seconds,
  };
}
