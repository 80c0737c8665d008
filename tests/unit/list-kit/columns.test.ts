import { OUTGOING_CATEGORIES } from '@/lib/domain/transaction-types';
import { cellText, columnValue, type CodeTranslator } from '@/lib/list-kit/cells';
import type { ListColumn } from '@/lib/list-kit/definition';
import { transactionsList } from '@/lib/lists/transactions';
import { listSources } from '@/lib/lists/sources';

const names = Object.assign((key: string) => key, { has: () => false }) as CodeTranslator;
const amount: ListColumn = { id: 'amount', label: 'tx.amount', field: 'trans_amount', format: 'amount', outgoing: { field: 'category', codes: OUTGOING_CATEGORIES } };

describe('money going out', () => {
  it('shows a refund and a void with a minus sign, a sale and a pre-authorisation without', () => {
    expect(cellText(amount, { trans_amount: '1234.5', category: 'REFUND' }, names)).toBe('-1,234.50');
    expect(cellText(amount, { trans_amount: '16.03', category: 'VOID' }, names)).toBe('-16.03');
    expect(cellText(amount, { trans_amount: '16.03', category: 'SALE' }, names)).toBe('16.03');
    expect(cellText(amount, { trans_amount: '500.00', category: 'OTHER' }, names)).toBe('500.00');
  });

  it('keeps the exact decimal for the export, never "-0", and leaves an unreadable amount unreadable', () => {
    expect(columnValue(amount, { trans_amount: '12345678901234.56', category: 'REFUND' })).toBe('-12345678901234.56');
    expect(columnValue(amount, { trans_amount: '0.00', category: 'REFUND' })).toBe('0');
    expect(cellText(amount, { trans_amount: 'n/a', category: 'REFUND' }, names)).toBe('-');
    // A column without the rule shows the field as it is.
    expect(columnValue({ ...amount, outgoing: undefined }, { trans_amount: '3.00', category: 'REFUND' })).toBe('3.00');
  });

  it('is the realtime list\'s amount rule, read by the category', () => {
    expect(transactionsList.columns.find((c) => c.id === 'amount')?.outgoing).toEqual({ field: 'category', codes: ['VOID', 'REFUND'] });
  });
});

describe('every list\'s columns', () => {
  const lists = listSources().map((source) => source.definition);
  const all = lists.flatMap((list) => [
    ...list.columns.map((column) => ({ list: list.id, column })),
    ...(list.detailRows ?? []).flatMap((section) => section.columns.map((column) => ({ list: `${list.id}/${section.id}`, column }))),
  ]);

  it('sign amounts only', () => {
    expect(all.filter(({ column }) => column.outgoing && column.format !== 'amount')).toEqual([]);
  });

  it('cut only names: never a number, a code or a date', () => {
    expect(all.filter(({ column }) => column.long && (column.format || column.names || column.tones))).toEqual([]);
  });

  it('keep the pinned columns among the essential ones, and leave most of a table unpinned', () => {
    for (const list of lists) {
      const pinned = list.columns.filter((c) => c.pinned);
      expect({ list: list.id, optionalPinned: pinned.filter((c) => c.optional).map((c) => c.id) }).toEqual({ list: list.id, optionalPinned: [] });
      // Two at most (an amount and a status): more would leave the other columns too little of a narrow screen.
      expect({ list: list.id, atMostTwo: pinned.length <= 2 }).toEqual({ list: list.id, atMostTwo: true });
    }
  });
});
