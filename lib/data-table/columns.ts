import { formatAmount, formatCount } from '../format/money';
import { formatDay8, formatTimestamp14 } from '../format/date';

/**
 * How a cell's value is shown. The same formats drive the data table, the details drawer and the
 * export of the same view (lib/list-kit/cells.ts), so a file shows what the page shows.
 */
export type ColumnFormat = 'text' | 'amount' | 'count' | 'timestamp14' | 'day8' | 'masked';

const MASK = '••••';

/** A bank account or card number with only its last 4 characters shown. */
export function maskTail(value: string): string {
  const clean = value.replace(/\s+/g, '');
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
    case 'masked':
      return text === null || text === undefined || text === '' ? '-' : maskTail(String(text));
    default:
      return text === null || text === undefined || text === '' ? '-' : String(text);
  }
}

export const isNumeric = (format: ColumnFormat | undefined) => format === 'amount' || format === 'count';
