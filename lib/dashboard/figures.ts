import Big from 'big.js';
import { sumDecimals, toFixedDecimal } from '../format/decimal';
import { addDays, toIsoDay, today } from '../format/date';

/** A day of the seven-day curve: `yyyyMMdd`, its count and net amount (decimal text). */
export interface DayFigure {
  day: string;
  count: number;
  amount: string;
}

export interface WeekComparison {
  current: string;
  previous: string;
  /** Percentage change with one decimal, or null when the previous week had nothing to compare with. */
  changePercent: string | null;
  direction: 'up' | 'down' | 'flat';
}

/** The seven days against the seven before them, exactly (spec section 9: "seven-day curve and comparison"). */
export function compareWeeks(current: readonly DayFigure[], previous: readonly DayFigure[]): WeekComparison {
  const now = sumDecimals(current.map((d) => d.amount)) ?? new Big(0);
  const before = sumDecimals(previous.map((d) => d.amount)) ?? new Big(0);
  const direction = now.gt(before) ? 'up' : now.lt(before) ? 'down' : 'flat';
  const changePercent = before.eq(0) ? null : toFixedDecimal(now.minus(before).div(before.abs()).times(100), 1);
  return { current: toFixedDecimal(now), previous: toFixedDecimal(before), changePercent, direction };
}

/** The change as shown: a rise carries its plus sign; null when there is nothing to compare with. */
export const signedChange = (week: WeekComparison): string | null =>
  week.changePercent === null ? null : `${week.direction === 'up' ? '+' : ''}${week.changePercent}`;

/** "20261121" -> "11-21": the curve's axis labels. */
export const shortDay = (day: string) => `${day.slice(4, 6)}-${day.slice(6, 8)}`;

/**
 * Chart.js draws numbers, so amounts become numbers only at the canvas; every figure the user reads
 * (tooltips, tables, totals) is formatted from the decimal text.
 */
export const plotValue = (amount: string) => Number(amount);

/**
 * Okabe–Ito: eight colours told apart with every common colour-vision deficiency. Series and
 * slices take them in order; the text label always accompanies the colour.
 */
export const CHART_PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'] as const;

/** The days the dashboard's figures cover: the last seven including today, in the business time zone. */
export function dashboardPeriod(now = new Date()): { from: string; to: string } {
  const last = today(now);
  return { from: toIsoDay(addDays(last, -6)), to: toIsoDay(last) };
}

/** A character's width in Latin letters: Chinese characters and full-width forms take about two. */
const charWidth = (char: string) => ((char.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1);
const widthOf = (chars: string[]) => chars.reduce((width, char) => width + charWidth(char), 0);

/**
 * Long store names are cut in the middle on the axis: stores of one business share the beginning
 * and differ at the end ("… (Kwun Tong)"). The tooltip and the table view carry them whole. `max`
 * is in Latin letters; on a phone the axis gets a third of a narrow chart, and a longer name ran
 * off the canvas' left edge.
 */
export function clipLabel(label: string, max: number): string {
  const chars = [...label];
  if (widthOf(chars) <= max) return label;
  const take = (from: string[], budget: number) => {
    const kept: string[] = [];
    for (const char of from) {
      if ((budget -= charWidth(char)) < 0) break;
      kept.push(char);
    }
    return kept;
  };
  const head = take(chars, Math.floor((max - 1) / 3));
  const tail = take([...chars].reverse(), max - 1 - widthOf(head)).reverse();
  return `${head.join('')}…${tail.join('')}`;
}

/** Letters a store's name may take on the axis of a chart this many pixels wide (about 17 px a letter of the axis' third). */
export const axisLetters = (chartWidth: number) => Math.min(30, Math.max(12, Math.floor(chartWidth / 17)));
