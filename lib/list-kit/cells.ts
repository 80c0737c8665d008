import { formatCell } from '../data-table/columns';
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

/** A row's field as the column shows it: codes by their names, everything else in the column's format. */
export function cellText(column: ListColumn, row: Record<string, unknown>, t: CodeTranslator): string {
  const value = row[column.field];
  if (column.names && value !== null && value !== undefined && value !== '') return codeName(t, column.names, String(value));
  return formatCell(value, column.format);
}
