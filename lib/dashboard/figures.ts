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

/** Letters a store's name may take on each line of the axis of a chart this many pixels wide (about 17 px a letter of the axis' third). */
export const axisLetters = (chartWidth: number) => Math.min(30, Math.max(12, Math.floor(chartWidth / 17)));

const isWide = (char: string) => charWidth(char) === 2;

/**
 * The words of a name, for wrapping: Latin words are cut at spaces, each Chinese character stands alone
 * (a line may break between any two), and a bracketed part (a district) stays whole where it fits.
 */
function wordsOf(name: string): string[] {
  return name.match(/[（「][^）」]*[）」]|\([^)]*\)|\p{Script=Han}|[^\s\p{Script=Han}（「(]+|[（「(]/gu) ?? [];
}

/** Lines of at most `letters` Latin letters' width; a word longer than a line is cut. */
function wrap(name: string, letters: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of wordsOf(name)) {
    const joiner = line && !(isWide([...line].at(-1) ?? '') || isWide(word[0] ?? '')) ? ' ' : '';
    if (widthOf([...line + joiner + word]) <= letters) {
      line += joiner + word;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (widthOf([...line]) > letters) {
      const chars = [...line];
      let cut = chars.length;
      while (cut > 1 && widthOf(chars.slice(0, cut)) > letters) cut--;
      lines.push(chars.slice(0, cut).join(''));
      line = chars.slice(cut).join('');
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The words every name begins with ("Golden Harbour" of one customer's stores), when there are at
 * least two names and each has more after them: said five times on a narrow axis, they left no room
 * for what tells the stores apart.
 */
function sharedStart(names: readonly string[]): string {
  if (names.length < 2) return '';
  const first = names[0] ?? '';
  let end = 0;
  while (end < first.length && names.every((name) => name[end] === first[end])) end++;
  let start = first.slice(0, end);
  // Whole words only: back up to the last space unless the shared part ends between Chinese characters.
  const next = names.map((name) => name.slice(end, end + 1));
  const endsWord = /\s$/.test(start) || (isWide(start.at(-1) ?? '') && next.every((c) => c === '' || isWide(c)));
  if (!endsWord) start = start.slice(0, start.lastIndexOf(' ') + 1);
  return names.every((name) => name.slice(start.length).trim() !== '') ? start : '';
}

/**
 * The store names as the axis of the top-5 chart draws them: each on at most two lines of `letters`,
 * without the words they all begin with, a name too long for two lines cut in the middle (stores of
 * one business share the beginning and differ at the end: "… (Kwun Tong)"). Labels that would still
 * read alike show their store code on the second line: two bars are never named the same. The tooltip and the table view give every name whole.
 */
export function storeAxisLabels(stores: readonly { name: string; code: string }[], letters: number): string[][] {
  const shared = sharedStart(stores.map((store) => store.name));
  const shortNames = stores.map((store) => store.name.slice(shared.length).trim());
  // Wrapping at words can take more room than the letters a cut keeps ("Tea House (Central and
  // Western)" at 18 letters a line), and a third line would be dropped unseen ("(Central and Weste"):
  // the cut takes a letter more each time until the name fits two lines.
  const lay = (name: string) => {
    let lines = wrap(name, letters);
    for (let budget = letters * 2 - 2; lines.length > 2 && budget > 2; budget--) lines = wrap(clipLabel(name, budget), letters);
    return lines.slice(0, 2);
  };
  const labels = shortNames.map(lay);
  const keys = labels.map((lines) => lines.join(' '));
  // Names that differ only where they were cut (or not at all): the second line gives the store code.
  return labels.map((lines, i) => (keys.indexOf(keys[i] ?? '') !== keys.lastIndexOf(keys[i] ?? '') ? [clipLabel(shortNames[i] ?? '', letters), stores[i]?.code ?? ''] : lines));
}

/**
 * An amount on a chart's axis: the tick values are the chart's own round steps, so they are shown
 * whole where they are whole, grouped as every amount is, and never with a currency (the legend
 * names it). The exact figures are in the tooltips and the table view.
 */
export function axisAmount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** A value axis starts at zero unless a value is below it: no empty space under zero for figures that are never negative. */
export const valueAxisMin = (values: readonly number[]): number | undefined => (values.some((value) => value < 0) ? undefined : 0);
