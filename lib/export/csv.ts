import { ChunkedText } from './chunks';
import { cellText, type ExportTable } from './table';

/** Excel reads a CSV file as UTF-8 only when it starts with a byte order mark; without it Chinese garbles. */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell starting with =, +, -, @, tab or carriage return runs as a formula when a spreadsheet opens
 * the file (CSV injection): such text gets a leading apostrophe, which shows it as typed. Numbers
 * (a negative net total, "-1,234.50") and the lone dash of a missing value are not formulas and
 * stay as they are.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NOT_A_FORMULA = /^-$|^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/** One field of RFC 4180, formula-safe: quoted when it holds a quote, a comma or a line break. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) && !NOT_A_FORMULA.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record of RFC 4180: fields joined by commas, ended by CRLF. */
export const csvLine = (fields: readonly unknown[]): string => `${fields.map(csvCell).join(',')}\r\n`;

/**
 * The tables as one CSV file (UTF-8 with BOM, CRLF): each table's header and rows, a blank line
 * between tables. An async generator, so rows are pulled from the tables only as fast as the file
 * is read, and memory stays flat whatever the number of rows.
 */
export async function* csvStream(tables: readonly ExportTable[]): AsyncGenerator<Uint8Array> {
  const out = new ChunkedText();
  out.write(UTF8_BOM);
  for (const [index, table] of tables.entries()) {
    if (index > 0) out.write('\r\n');
    out.write(csvLine(table.header));
    for await (const batch of table.rows) {
      for (const row of batch) out.write(csvLine(row.map(cellText)));
      yield* out.take();
    }
  }
  yield* out.end();
}
