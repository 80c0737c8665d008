import 'server-only';
import { createHash } from 'node:crypto';
import { readCsvRows } from '../import/csv';
import { readXlsxRows, UnreadableFile } from '../import/xlsx';
import { EMPTY_VALUE } from '../format/money';
import { BATCH_COLUMNS, BATCH_LIMITS, checkBatchRow, type BatchValues, type CheckedRow } from './batch';

export type BatchRefusal = { key: string; values?: Record<string, number> };

/**
 * A cell as the row reads it: trimmed, and empty when it holds the portal's sign for "no value"
 * ("-"), which its exports and its own template's xlsx write for an empty cell: a user who copies
 * one meant no RRN, and the services looked for a transaction whose RRN is "-".
 */
const cellValue = (cell: string) => {
  const text = cell.trim();
  return text === EMPTY_VALUE ? '' : text;
};

/**
 * Reads an uploaded batch file (CSV or xlsx, by its content) into checked rows. Columns are found
 * by their header names, blank lines are skipped; a file without the columns, without data or
 * over the limits is refused as a whole.
 */
export function readBatchFile(bytes: Buffer): { rows: CheckedRow[] } | { refusal: BatchRefusal } {
  if (bytes.length === 0) return { refusal: { key: 'refund.errors.batchEmpty' } };
  if (bytes.length > BATCH_LIMITS.bytes) return { refusal: { key: 'refund.errors.batchTooLarge', values: { kilobytes: BATCH_LIMITS.bytes / 1024 } } };
  let table: string[][];
  try {
    // An xlsx file is a zip: it starts with PK\x03\x04.
    table = bytes.readUInt32LE(0) === 0x04034b50 ? readXlsxRows(bytes) : readCsvRows(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof UnreadableFile || (error as { code?: string }).code?.startsWith('ERR_')) return { refusal: { key: 'refund.errors.batchUnreadable' } };
    throw error;
  }
  const filled = table.map((cells, index) => ({ cells: cells.map(cellValue), line: index + 1 })).filter((r) => r.cells.some(Boolean));
  const [header, ...data] = filled;
  const positions = BATCH_COLUMNS.map((column) => header?.cells.findIndex((c) => c.toLowerCase() === column.toLowerCase()) ?? -1);
  if (positions.some((p) => p < 0)) return { refusal: { key: 'refund.errors.batchColumns' } };
  if (data.length === 0) return { refusal: { key: 'refund.errors.batchEmpty' } };
  if (data.length > BATCH_LIMITS.rows) return { refusal: { key: 'refund.errors.batchTooManyRows', values: { rows: BATCH_LIMITS.rows } } };
  const fileKey = createHash('sha256').update(bytes).digest('hex').slice(0, 40);
  const rows = data.map(({ cells, line }) => {
    const values = Object.fromEntries(BATCH_COLUMNS.map((column, i) => [column, cells[positions[i] as number] ?? ''])) as BatchValues;
    return checkBatchRow(values, line, fileKey);
  });
  return { rows };
}
