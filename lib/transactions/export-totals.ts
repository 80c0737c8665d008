import Big from 'big.js';
import { isOutgoing, SUMMARY_CATEGORIES } from '../domain/transaction-types';
import { negateDecimal, parseDecimal, toFixedDecimal, type DecimalInput } from '../format/decimal';
import type { ExportRow } from '../export/table';
import type { ExportAccumulator, Translate } from '../list-kit/source';

/** A category's total as the summary cards show it: voids and refunds with their minus sign. */
export const categoryAmount = (category: string, amount: DecimalInput): DecimalInput => (isOutgoing(category) ? negateDecimal(amount) : amount);

/**
 * The totals under an export, counted from the rows actually written (so the file's rows and its
 * totals always agree), in exact decimals: the count of every row, the net amount (sales less voids
 * and refunds; pre-authorisations move no money, as in the realtime summary), and each category's
 * count and amount, voids and refunds with their minus sign as the rows show them (so the net is
 * the sum of the three).
 */
export class ExportTotals implements ExportAccumulator {
  readonly formats = [undefined, 'count', 'amount'] as const;
  readonly fields = ['trans_amount', 'category'];

  private count = 0;
  private net = new Big(0);
  private readonly categories = Object.fromEntries(SUMMARY_CATEGORIES.map((c) => [c, { count: 0, amount: new Big(0) }])) as Record<
    (typeof SUMMARY_CATEGORIES)[number],
    { count: number; amount: Big }
  >;

  add(rows: readonly Record<string, unknown>[]) {
    for (const row of rows) {
      const amount = parseDecimal(row.trans_amount as string);
      // Refused, not skipped: a total that left a row out would be wrong without saying so.
      if (amount === null) throw new Error(`export: unreadable amount ${JSON.stringify(row.trans_amount)}`);
      this.count++;
      const category = this.categories[row.category as keyof typeof this.categories];
      if (!category) continue;
      const signed = isOutgoing(String(row.category)) ? amount.neg() : amount;
      category.count++;
      category.amount = category.amount.plus(signed);
      this.net = this.net.plus(signed);
    }
  }

  summary() {
    return {
      count: this.count,
      net: toFixedDecimal(this.net),
      categories: SUMMARY_CATEGORIES.map((name) => ({ name, count: this.categories[name].count, amount: toFixedDecimal(this.categories[name].amount) })),
    };
  }

  /** The totals table's header. */
  header(t: Translate): string[] {
    return [t('export.totals.summary'), t('export.totals.count'), t('tx.amount')];
  }

  /** The totals table's rows so far: the net total, then one row per category. */
  rows(t: Translate): ExportRow[] {
    const { count, net, categories } = this.summary();
    return [
      [{ value: t('export.totals.net') }, { value: count, format: 'count' }, { value: net, format: 'amount' }],
      ...categories.map((c): ExportRow => [{ value: t(`tx.summary.${c.name}`) }, { value: c.count, format: 'count' }, { value: c.amount, format: 'amount' }]),
    ];
  }
}
