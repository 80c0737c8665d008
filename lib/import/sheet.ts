/**
 * What the upload readers (csv.ts, xlsx.ts) give and refuse. A file is read against its template's
 * limits as it is read, so that a file beyond them is refused at the first cell past them, never
 * after it was held whole: docs/decisions.md, "Reading an uploaded sheet".
 */

/** One row that has at least one value: its line (the spreadsheet's row number) and its cells' text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

export interface SheetLimits {
  /** Columns the template has: a value further right is refused. */
  columns: number;
  /** Rows with a value, the header included: one more is refused. */
  rows: number;
}

/** The file is not what it claims to be, or one of its parts is malformed or too large. */
export class UnreadableFile extends Error {}

/** A value in a column beyond the template's (`column` is zero-based). */
export class TooManyColumns extends Error {
  constructor(readonly column: number) {
    super(`a value in column ${columnName(column)}`);
  }
}

/** More rows with values than the limit. */
export class TooManyRows extends Error {}

/** 0 -> "A", 25 -> "Z", 26 -> "AA". */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Collects a sheet's rows under its limits. Empty cells and rows are not kept (a template's blank
 * lines are skipped); a cell's column is its position, so that columns can be told by header.
 */
export class RowCollector {
  readonly rows: SheetRow[] = [];
  private cells: string[] = [];

  constructor(private readonly limits: SheetLimits) {}

  cell(column: number, text: string) {
    if (text.trim() === '') return;
    if (column >= this.limits.columns) throw new TooManyColumns(column);
    this.cells[column] = text;
  }

  endRow(line: number) {
    if (this.cells.length > 0) {
      if (this.rows.length >= this.limits.rows) throw new TooManyRows();
      this.rows.push({ line, cells: Array.from({ length: this.cells.length }, (_, i) => this.cells[i] ?? '') });
    }
    this.cells = [];
  }
}
