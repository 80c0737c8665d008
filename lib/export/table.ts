import { formatCell, type ColumnFormat } from '../data-table/columns';

/**
 * What the export writers take: tables of cells, each cell a raw value and the column format that
 * shows it. The formats are the data table's (`lib/data-table/columns.ts`), so a file shows what
 * the page shows; each writer decides how a format is stored (CSV: the shown text; xlsx: numbers
 * for amounts and counts).
 */
export interface ExportCell {
  value: string | number | null | undefined;
  format?: ColumnFormat;
}

export type ExportRow = readonly ExportCell[];

export interface ExportTable {
  /** The worksheet's name in a workbook; CSV has none. */
  name: string;
  header: readonly string[];
  /** Each column's format, for the widths of a workbook's columns. */
  formats?: readonly (ColumnFormat | undefined)[];
  /**
   * Batches of rows, pulled only as fast as the file is read. A later table's rows are not pulled
   * before the earlier table's end, so they may depend on what was written before them.
   */
  rows: AsyncIterable<readonly ExportRow[]> | Iterable<readonly ExportRow[]>;
}

/** A cell's shown text: the same formatting as the data table's. */
export const cellText = (cell: ExportCell): string => formatCell(cell.value, cell.format);
