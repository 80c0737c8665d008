import { hasExactKey } from '@/lib/list-kit/definition';
import { parseListValues } from '@/lib/list-kit/schema';
import { listSearch } from '@/lib/list-kit/url';
import { transactionsList } from '@/lib/lists/transactions';
import { realtimeQuery } from '@/lib/transactions/query';

const NOW = new Date('2026-11-21T04:00:00Z');
const parse = (params: Record<string, string>) => parseListValues(transactionsList, params, NOW);

describe('a list definition in the URL (real-time transactions)', () => {
  it('defaults to today, first page of 10, newest first', () => {
    const { values, issues } = parse({});
    expect(issues).toEqual([]);
    expect(values).toMatchObject({ from: '2026-11-21', to: '2026-11-21', page: 1, size: 10, sort: 'gmt_payment', dir: 'desc' });
  });

  it('reads every kind of filter, a partner customer included', () => {
    const { values } = parse({ from: '2026-11-01', to: '2026-11-21', customer: 'C0003', merchant: '852000100000001', store: 'S000001', terminal: 'T10000001', paymentType: 'VISA', amountFrom: '10', amountTo: '99.5', order: 'EP1', eft: 'EFT1', rrn: '123', page: '3', size: '50', sort: 'trans_amount', dir: 'asc' });
    expect(realtimeQuery(values)).toEqual({
      limit: 50, page: 3, sort: 'trans_amount', order: 'asc', gmtPaymentFrom: '20261101000000', gmtPaymentTo: '20261121235959', customer_no: 'C0003',
      merchant_no: '852000100000001', storeCode: 'S000001', terminal: 'T10000001', payment_type: 'VISA', amountFrom: '10', amountTo: '99.5',
      alipayOrder: 'EP1', eftNo: 'EFT1', rrn: '123',
    });
  });

  it('refuses a span over 366 days on the end date, and keeps the refused range for the picker', () => {
    const { issues, values } = parse({ from: '2025-01-01', to: '2026-11-21', merchant: 'M1' });
    expect(issues).toEqual([{ field: 'to', message: 'validation.spanTooLong', params: { maxDays: 366 } }]);
    expect(values).toMatchObject({ from: '2025-01-01', to: '2026-11-21', merchant: 'M1' });
  });

  it('refuses reversed spans, bad amounts and a reversed amount range', () => {
    expect(parse({ from: '2026-11-21', to: '2026-11-01' }).issues).toEqual([{ field: 'to', message: 'validation.endBeforeStart', params: { maxDays: 366 } }]);
    expect(parse({ amountFrom: '1.234' }).issues).toEqual([{ field: 'amountFrom', message: 'validation.amount' }]);
    expect(parse({ amountFrom: '50', amountTo: '10' }).issues).toEqual([{ field: 'amountTo', message: 'validation.amountRange' }]);
  });

  it('shows today in place of a day that does not exist', () => {
    const { issues, values } = parse({ from: '2026-02-30', to: '2026-03-02' });
    expect(issues).toEqual([{ field: 'from', message: 'validation.invalidDate', params: { maxDays: 366 } }]);
    expect(values).toMatchObject({ from: '2026-03-02', to: '2026-03-02' });
  });

  it('falls back to defaults for nonsense paging and sorting', () => {
    const { values, issues } = parse({ page: '-4', size: '7', sort: 'password', dir: 'sideways', paymentType: 'GOLD' });
    expect(issues).toEqual([]);
    expect(values).toMatchObject({ page: 1, size: 10, sort: 'gmt_payment', dir: 'desc', paymentType: undefined });
  });

  it('writes short URLs and reads them back', () => {
    const search = listSearch(transactionsList, { from: '2026-11-01', to: '2026-11-21', page: 1, size: 10, sort: 'gmt_payment', dir: 'desc', paymentType: 'ALIPAY', order: '' });
    expect(search).toBe('from=2026-11-01&to=2026-11-21&paymentType=ALIPAY');
    expect(parse(Object.fromEntries(new URLSearchParams(search))).values).toMatchObject({ from: '2026-11-01', paymentType: 'ALIPAY' });
  });

  it('knows an exact key', () => {
    expect(hasExactKey(transactionsList, { order: 'EP1' })).toBe(true);
    expect(hasExactKey(transactionsList, { merchant: 'M1' })).toBe(false);
  });
});
