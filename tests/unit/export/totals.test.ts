import { ExportTotals } from '@/lib/transactions/export-totals';

const t = (key: string) => key;

describe('the totals under an export', () => {
  it('counts every row and sums exactly: net is sales less voids and refunds, pre-authorisations move no money', () => {
    const totals = new ExportTotals();
    totals.add([
      { category: 'SALE', trans_amount: '0.10' },
      { category: 'SALE', trans_amount: '0.20' },
      { category: 'SALE', trans_amount: '12345678901234.56' },
    ]);
    totals.add([
      { category: 'VOID', trans_amount: '0.20' },
      { category: 'REFUND', trans_amount: '1.05' },
      { category: 'OTHER', trans_amount: '500.00' },
    ]);
    expect(totals.summary()).toEqual({
      count: 6,
      // 0.1 + 0.2 in floats is 0.30000000000000004; in decimals it is 0.30.
      net: '12345678901233.61',
      categories: [
        { name: 'SALE', count: 3, amount: '12345678901234.86' },
        // Voids and refunds with their minus sign, as the rows show them: the net is the sum of the three.
        { name: 'VOID', count: 1, amount: '-0.20' },
        { name: 'REFUND', count: 1, amount: '-1.05' },
      ],
    });
    expect(totals.rows(t)).toEqual([
      [{ value: 'export.totals.net' }, { value: 6, format: 'count' }, { value: '12345678901233.61', format: 'amount' }],
      [{ value: 'tx.summary.SALE' }, { value: 3, format: 'count' }, { value: '12345678901234.86', format: 'amount' }],
      [{ value: 'tx.summary.VOID' }, { value: 1, format: 'count' }, { value: '-0.20', format: 'amount' }],
      [{ value: 'tx.summary.REFUND' }, { value: 1, format: 'count' }, { value: '-1.05', format: 'amount' }],
    ]);
    expect(new ExportTotals().header(t)).toEqual(['export.totals.summary', 'export.totals.count', 'tx.amount']);
  });

  it('gives zeros for no rows, and a negative net when refunds outweigh sales', () => {
    const totals = new ExportTotals();
    expect(totals.summary()).toMatchObject({ count: 0, net: '0.00' });
    totals.add([{ category: 'REFUND', trans_amount: '3.5' }]);
    expect(totals.summary().net).toBe('-3.50');
  });

  it('refuses an unreadable amount instead of leaving the row out', () => {
    expect(() => new ExportTotals().add([{ category: 'SALE', trans_amount: '1e3' }])).toThrow(/unreadable amount/);
  });
});
