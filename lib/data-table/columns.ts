import { formatAmount, formatCount } from '../format/money';
import { formatDay8, formatTimestamp14 } from '../format/date';
import { formatPercent } from '../format/percent';
import { formatPhone } from '../format/phone';

/**
 * How a cell's value is shown. The same formats drive the data table, the details drawer and the
 * export of the same view (lib/list-kit/cells.ts), so a file shows what the page shows.
 */
export type ColumnFormat = 'text' | 'amount' | 'count' | 'timestamp14' | 'day8' | 'masked' | 'percent' | 'phone';

const MASK = '••••';

/**
 * A bank account or card number with only its last 4 digits (or letters) shown; separators do not
 * count. Idempotent: a number already masked (the gateway masks bank accounts where it reads them,
 * lib/settlements/calls.ts) reads the same again.
 */
export function maskTail(value: string): string {
  // The mask's own dots count as hidden characters, so a masked number keeps its shown digits.
  const clean = value.replace(/[^0-9A-Za-z•]/g, '');
  return clean.length <= 4 ? MASK : `${MASK} ${clean.slice(-4)}`;
}

export function formatCell(value: unknown, format: ColumnFormat = 'text'): string {
  const text = value === null || value === undefined ? value : typeof value === 'number' ? value : String(value);
  switch (format) {
    case 'amount':
      return formatAmount(text);
    case 'count':
      return formatCount(text);
    case 'timestamp14':
      return formatTimestamp14(text === null || text === undefined ? text : String(text));
    case 'day8':
      return formatDay8(text === null || text === undefined ? text : String(text));
    case 'percent':
      return formatPercent(text);
    case 'phone':
      return formatPhone(text === null || text === undefined ? text : String(text));
    case 'masked':
      return text === null || text === undefined || text === '' ? '-' : maskTail(String(text));
    default:
      return text === null || text === undefined || text === '' ? '-' : String(text);
  }
}

export const isNumeric = (format: ColumnFormat | undefined) => format === 'amount' || format === 'count';
