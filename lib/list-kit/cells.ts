import { formatCell } from '../data-table/columns';
import { negateDecimal } from '../format/decimal';
import type { ListColumn } from './definition';

/** A translator as next-intl gives one, with `has` for codes the messages may not know. */
export interface CodeTranslator {
  (key: string): string;
  has(key: string): boolean;
}

/** A code's translated name (`paymentType.VISA` -> "Visa"); a code the messages do not know shows as itself. */
export function codeName(t: CodeTranslator, prefix: string, code: string): string {
  const key = `${prefix}.${code}`;
  return t.has(key) ? t(key) : code;
}

/**
 * The same translator, remembering each code's name: a file writes the same few codes on every one
 * of its rows, and a message lookup per cell was a tenth of an export's CPU.
 */
export function rememberingNames(t: CodeTranslator): CodeTranslator {
  const names = new Map<string, string>();
  const known = new Map<string, boolean>();
  const remembered = (key: string) => {
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = t(key)));
    return name;
  };
  remembered.has = (key: string) => {
    let has = known.get(key);
    if (has === undefined) known.set(key, (has = t.has(key)));
    return has;
  };
  return remembered;
}

/**
 * A row's value for a column: the field, with the minus sign of money going out (a refund's or a
 * void's amount, a decrease) where the column says so. The services send such amounts as positive
 * figures with a type beside them; shown bare, a refund read as a sale.
 */
export function columnValue(column: ListColumn, row: Record<string, unknown>): unknown {
  const value = row[column.field];
  const outgoing = column.outgoing;
  if (!outgoing || !outgoing.codes.includes(String(row[outgoing.field]))) return value;
  return typeof value === 'string' || typeof value === 'number' ? negateDecimal(value) : value;
}

/** A row's field as the column shows it: codes by their names, everything else in the column's format. */
export function cellText(column: ListColumn, row: Record<string, unknown>, t: CodeTranslator): string {
  const value = columnValue(column, row);
  if (column.names && value !== null && value !== undefined && value !== '') return codeName(t, column.names, String(value));
  return formatCell(value, column.format);
}
