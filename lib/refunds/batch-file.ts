import 'server-only';
import { createHash } from 'node:crypto';
import { readCsvRows } from '../import/csv';
import { columnName, TooManyColumns, TooManyRows, UnreadableFile, type SheetRow } from '../import/sheet';
import { readXlsxRows } from '../import/xlsx';
import { EMPTY_VALUE } from '../format/money';
import { BATCH_COLUMNS, BATCH_LIMITS, checkBatchRow, type BatchValues, type CheckedRow } from './batch';

export type BatchRefusal = { key: string; values?: Record<string, string | number> };

/**
 * A cell as the row reads it: trimmed, and empty when it holds the portal's sign for "no value"
 * ("-"), which its exports and its own template's xlsx write for an empty cell: a user who copies
 * one meant no RRN, and the services looked for a transaction whose RRN is "-".
 */
const cellValue = (cell: string) => {
  const text = cell.trim();
  return text === EMPTY_VALUE ? '' : text;
};

const tooManyRows: BatchRefusal = { key: 'refund.errors.batchTooManyRows', values: { rows: BATCH_LIMITS.rows } };

/** An xlsx file is a zip: it starts with PK\x03\x04. */
const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The file's rows with values, or why it cannot be read: the readers stop at the first cell past the template's limits. */
async function readRows(bytes: Buffer): Promise<SheetRow[] | BatchRefusal> {
  // The header is a row with values too.
  const limits = { columns: BATCH_COLUMNS.length, rows: BATCH_LIMITS.rows + 1 };
  try {
    return isZip(bytes) ? await readXlsxRows(bytes, limits) : readCsvRows(bytes.toString('utf8'), limits);
  } catch (error) {
    if (error instanceof TooManyColumns) {
      return { key: 'refund.errors.batchExtraColumn', values: { column: columnName(error.column), columns: BATCH_COLUMNS.length, last: columnName(BATCH_COLUMNS.length - 1) } };
    }
    if (error instanceof TooManyRows) return tooManyRows;
    if (error instanceof UnreadableFile) return { key: 'refund.errors.batchUnreadable' };
    throw error;
  }
}

/**
 * Reads an uploaded batch file (CSV or xlsx, by its content) into checked rows. Columns are found
 * by their header names, blank lines are skipped; a file without the columns, without data or
 * over the limits is refused as a whole.
 */
export async function readBatchFile(bytes: Buffer): Promise<{ rows: CheckedRow[] } | { refusal: BatchRefusal }> {
  if (bytes.length === 0) return { refusal: { key: 'refund.errors.batchEmpty' } };
  if (bytes.length > BATCH_LIMITS.bytes) return { refusal: { key: 'refund.errors.batchTooLarge', values: { kilobytes: BATCH_LIMITS.bytes / 1024 } } };
  const table = await readRows(bytes);
  if (!Array.isArray(table)) return { refusal: table };
  const filled = table.map(({ cells, line }) => ({ cells: cells.map(cellValue), line })).filter((r) => r.cells.some(Boolean));
  const [header, ...data] = filled;
  const positions = BATCH_COLUMNS.map((column) => header?.cells.findIndex((c) => c.toLowerCase() === column.toLowerCase()) ?? -1);
  if (positions.some((p) => p < 0)) return { refusal: { key: 'refund.errors.batchColumns' } };
  if (data.length === 0) return { refusal: { key: 'refund.errors.batchEmpty' } };
  if (data.length > BATCH_LIMITS.rows) return { refusal: tooManyRows };
  const fileKey = createHash('sha256').update(bytes).digest('hex').slice(0, 40);
  const rows = data.map(({ cells, line }) => {
    const values = Object.fromEntries(BATCH_COLUMNS.map((column, i) => [column, cells[positions[i] as number] ?? ''])) as BatchValues;
    return checkBatchRow(values, line, fileKey);
  });
  return { rows };
}
