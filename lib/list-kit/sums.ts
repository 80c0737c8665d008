import Big from 'big.js';
import type { ExportRow } from '../export/table';
import { parseDecimal } from '../format/decimal';
import type { ExportAccumulator, Translate } from './source';

/** A column an export totals: its label (message key), the rows' field, and whether it is money or a count. */
export interface SummedColumn {
  label: string;
  field: string;
  format: 'amount' | 'count';
}

/**
 * Export totals that sum some columns of the rows written, in exact decimals, under a count of the
 * rows: one line, [rows, sum, sum, ...]. For lists whose totals are plain sums (settlement files,
 * remittances), so the file's totals always agree with its rows.
 */
export function columnSums(columns: readonly SummedColumn[]): () => ExportAccumulator {
  return () => {
    let count = 0;
    const sums = columns.map(() => new Big(0));
    return {
      formats: [undefined, 'count', ...columns.map((c) => c.format)],
      add(rows) {
        for (const row of rows) {
          count++;
          columns.forEach((column, i) => {
            const value = parseDecimal(row[column.field] as string);
            // Refused, not skipped: a total that left a row out would be wrong without saying so.
            if (value === null) throw new Error(`export: unreadable ${column.field} ${JSON.stringify(row[column.field])}`);
            sums[i] = (sums[i] as Big).plus(value);
          });
        }
      },
      header: (t: Translate) => [t('export.totals.summary'), t('export.totals.count'), ...columns.map((c) => t(c.label))],
      rows: (t: Translate): ExportRow[] => [
        [{ value: t('export.totals.rows') }, { value: count, format: 'count' }, ...columns.map((c, i) => ({ value: (sums[i] as Big).toFixed(c.format === 'amount' ? 2 : 0), format: c.format }))],
      ],
    };
  };
}
