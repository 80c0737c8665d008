import { hasExactKey, parseTransactionFilters, realtimeQuery } from '@/lib/transactions/filters';
import { transactionSearch } from '@/lib/transactions/search';

const NOW = new Date('2026-11-21T04:00:00Z');

describe('transaction filters in the URL', () => {
  it('defaults to today, first page of 10, newest first', () => {
    const { filters, issues } = parseTransactionFilters({}, NOW);
    expect(issues).toEqual([]);
    expect(filters).toMatchObject({ from: '2026-11-21', to: '2026-11-21', page: 1, size: 10, sort: 'gmt_payment', dir: 'desc' });
  });

  it('reads every kind of filter', () => {
    const { filters } = parseTransactionFilters(
      { from: '2026-11-01', to: '2026-11-21', merchant: '852000100000001', store: 'S000001', terminal: 'T10000001', paymentType: 'VISA', amountFrom: '10', amountTo: '99.5', order: 'EP1', eft: 'EFT1', rrn: '123', page: '3', size: '50', sort: 'trans_amount', dir: 'asc' },
      NOW,
    );
    expect(realtimeQuery(filters)).toEqual({
      limit: 50, page: 3, sort: 'trans_amount', order: 'asc', gmtPaymentFrom: '20261101000000', gmtPaymentTo: '20261121235959',
      merchant_no: '852000100000001', storeCode: 'S000001', terminal: 'T10000001', payment_type: 'VISA', amountFrom: '10', amountTo: '99.5',
      alipayOrder: 'EP1', eftNo: 'EFT1', rrn: '123',
    });
  });

  it('refuses a span over 366 days, on the end date, with its message key', () => {
    const { issues, filters } = parseTransactionFilters({ from: '2025-01-01', to: '2026-11-21' }, NOW);
    expect(issues).toEqual([{ field: 'to', message: 'validation.spanTooLong' }]);
    expect(filters.from).toBe('2026-11-21');
  });

  it('refuses reversed spans, bad amounts and a reversed amount range', () => {
    expect(parseTransactionFilters({ from: '2026-11-21', to: '2026-11-01' }, NOW).issues).toEqual([{ field: 'to', message: 'validation.endBeforeStart' }]);
    expect(parseTransactionFilters({ amountFrom: '1.234' }, NOW).issues).toEqual([{ field: 'amountFrom', message: 'validation.amount' }]);
    expect(parseTransactionFilters({ amountFrom: '50', amountTo: '10' }, NOW).issues).toEqual([{ field: 'amountTo', message: 'validation.amountRange' }]);
  });

  it('falls back to defaults for nonsense paging and sorting', () => {
    const { filters, issues } = parseTransactionFilters({ page: '-4', size: '7', sort: 'password', dir: 'sideways', paymentType: 'GOLD' }, NOW);
    expect(issues).toEqual([]);
    expect(filters).toMatchObject({ page: 1, size: 10, sort: 'gmt_payment', dir: 'desc', paymentType: undefined });
  });

  it('writes short URLs and reads them back', () => {
    const search = transactionSearch({ from: '2026-11-01', to: '2026-11-21', page: 1, size: 10, sort: 'gmt_payment', dir: 'desc', paymentType: 'ALIPAY' });
    expect(search).toBe('from=2026-11-01&to=2026-11-21&paymentType=ALIPAY');
    expect(parseTransactionFilters(Object.fromEntries(new URLSearchParams(search)), NOW).filters).toMatchObject({ from: '2026-11-01', paymentType: 'ALIPAY' });
  });

  it('knows an exact key', () => {
    expect(hasExactKey({ order: 'EP1' })).toBe(true);
    expect(hasExactKey({})).toBe(false);
  });
});
