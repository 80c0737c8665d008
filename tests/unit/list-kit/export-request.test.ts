import { attachment, batchRows, parseExportRequest } from '@/lib/list-kit/export';
import { transactionsList } from '@/lib/lists/transactions';
import { transactionsSource } from '@/lib/transactions/source';
import { realtimeFilters } from '@/lib/transactions/query';

const ID = '0b7c3f5e-8d2a-4c1b-9e6f-2a3b4c5d6e7f';
const NOW = new Date('2026-11-21T04:00:00Z');
const parse = (query: string) => parseExportRequest(transactionsList, new URLSearchParams(query), NOW);

describe('an export request', () => {
  it('takes the format, id, columns in the order given, and the list values; no days means today', () => {
    const request = parse(`format=xlsx&id=${ID}&columns=amount,order,amount&merchant=M001&sort=trans_amount&dir=asc&page=3&size=50`);
    expect(request).toMatchObject({ ok: true, format: 'xlsx', id: ID });
    if (!request.ok) return;
    expect(request.columns.map((c) => c.id)).toEqual(['amount', 'order']);
    expect(request.values).toMatchObject({ from: '2026-11-21', to: '2026-11-21', merchant: 'M001', sort: 'trans_amount', dir: 'asc' });
    // Every row of the view: the page and its size are not part of the export's query.
    expect(realtimeFilters(request.values)).toEqual({
      sort: 'trans_amount', order: 'asc', gmtPaymentFrom: '20261121000000', gmtPaymentTo: '20261121235959', customer_no: undefined, merchant_no: 'M001',
      storeCode: undefined, terminal: undefined, payment_type: undefined, amountFrom: undefined, amountTo: undefined, alipayOrder: undefined, eftNo: undefined, rrn: undefined,
    });
  });

  it('accepts the longest span, 366 days', () => {
    expect(parse(`format=csv&id=${ID}&from=2025-11-20&to=2026-11-21`).ok).toBe(true);
  });

  it('defaults to the columns the page shows', () => {
    const request = parse(`format=csv&id=${ID}`);
    expect(request.ok && request.columns.map((c) => c.id)).toEqual(transactionsList.columns.filter((c) => !c.optional).map((c) => c.id));
  });

  it.each([
    ['', 'export.invalidFormat', undefined],
    [`format=pdf&id=${ID}`, 'export.invalidFormat', undefined],
    ['format=csv&id=42', 'export.invalidId', undefined],
    [`format=csv&id=${ID}&columns=order,secret`, 'export.invalidColumns', undefined],
    // 366 days from the first day to the last is the limit (docs/decisions.md): one day more is refused.
    [`format=csv&id=${ID}&from=2025-11-19&to=2026-11-21`, 'validation.spanTooLong', { maxDays: 366 }],
    [`format=csv&id=${ID}&from=2026-11-21&to=2026-11-01`, 'validation.endBeforeStart', { maxDays: 366 }],
    [`format=csv&id=${ID}&amountFrom=5&amountTo=1`, 'validation.amountRange', undefined],
  ])('refuses %j with %s', (query, message, params) => {
    expect(parse(query)).toEqual({ ok: false, message, params });
  });

  it('names the file by the view days, with the RFC 5987 form', () => {
    const request = parse(`format=csv&id=${ID}&from=2026-11-01&to=2026-11-21`);
    const name = request.ok ? `${transactionsSource.export?.fileName(request.values)}.${request.format}` : '';
    expect(name).toBe('transactions_20261101_20261121.csv');
    expect(attachment(name)).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(attachment('交易 "x".csv')).toBe(`attachment; filename="__ _x_.csv"; filename*=UTF-8''%E4%BA%A4%E6%98%93%20%22x%22.csv`);
  });

  it('asks the upstream for EXPORT_BATCH_ROWS rows a call, within the call limit', () => {
    expect([undefined, '100', '0', '5001', 'many', '12.5'].map((value) => batchRows({ EXPORT_BATCH_ROWS: value } as unknown as NodeJS.ProcessEnv))).toEqual([5000, 100, 5000, 5000, 5000, 5000]);
  });
});
