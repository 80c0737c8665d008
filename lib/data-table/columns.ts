import { formatAmount, formatCount } from '../format/money';
import { formatDay8, formatTimestamp14 } from '../format/date';

/**
 * A column of a list: its message key, how to read its value from a row, and how the value is
 * shown. The same definitions drive the data table and the export of the same view, so labels and
 * formats cannot drift apart.
 */
export type ColumnFormat = 'text' | 'amount' | 'count' | 'timestamp14' | 'day8';

export interface DataColumn<Row> {
  id: string;
  /** Message key of the header. */
  label: string;
  value: (row: Row) => string | number | null | undefined;
  format?: ColumnFormat;
  /** The upstream sort key, when the list can sort by this column. */
  sort?: string;
  /** Hidden until the user shows it. */
  optional?: boolean;
}

export function formatCell(value: string | number | null | undefined, format: ColumnFormat = 'text'): string {
  switch (format) {
    case 'amount':
      return formatAmount(value);
    case 'count':
      return formatCount(value);
    case 'timestamp14':
      return formatTimestamp14(value === null || value === undefined ? value : String(value));
    case 'day8':
      return formatDay8(value === null || value === undefined ? value : String(value));
    default:
      return value === null || value === undefined || value === '' ? '-' : String(value);
  }
}

export const isNumeric = (format: ColumnFormat | undefined) => format === 'amount' || format === 'count';
