import { checkBatchRow, type BatchValues } from '@/lib/refunds/batch';
import { lookupKey, saleLookup, weighRows, type BatchSale } from '@/lib/refunds/batch-sales';

const SALE: BatchSale = { id: 7, gmt_payment: '20261120143005', trans_amount: '16.03', refundBalance: '16.03', voidedAmount: '0.00', voidTime: '' };
const OTHER: BatchSale = { id: 8, gmt_payment: '20261120150000', trans_amount: '100.00', refundBalance: '60.00', voidedAmount: '0.00', voidTime: '' };

const values = (overrides: Partial<BatchValues> = {}): BatchValues => ({
  merchantNo: '852000100000001',
  transDate: '20261120',
  transTime: '143005',
  orderNo: 'EP0001',
  rrn: '',
  refundAmount: '1.00',
  reasonType: 'RETURN',
  reason: 'Returned',
  ...overrides,
});

/** Rows as the file check makes them, line numbers from 2 (the header is line 1). */
const rows = (...list: Partial<BatchValues>[]) => list.map((overrides, i) => checkBatchRow(values(overrides), i + 2, 'f'.repeat(40)));

/** What the find call answers per row's lookup: EP0001 is SALE, EP0002 is OTHER (also found by its RRN), anything else nothing. */
function answers(list: ReturnType<typeof rows>) {
  const sales = new Map<string, BatchSale[]>();
  for (const row of list) {
    if (!row.request) continue;
    const lookup = saleLookup(row.request);
    const sale = lookup.alipayOrder === 'EP0001' ? SALE : lookup.alipayOrder === 'EP0002' || lookup.refno === 'RRN2' ? OTHER : undefined;
    sales.set(lookupKey(lookup), sale ? [sale] : []);
  }
  return sales;
}

const weigh = (...list: Partial<BatchValues>[]) => {
  const checked = rows(...list);
  return weighRows(checked, answers(checked));
};

describe('the batch preview weighs each row against its sale', () => {
  it('calls a row ready only when its sale takes it, and says what the sale keeps', () => {
    const [ready] = weigh({});
    expect(ready).toMatchObject({ errors: [], left: '15.03' });
    expect(ready?.request).toBeDefined();
  });

  it('refuses more than the balance (16.03 sale, 999.00 asked) with the request form’s message', () => {
    const [row] = weigh({ refundAmount: '999.00' });
    expect(row).toMatchObject({ request: undefined, errors: ['refund.errors.overBalance'], params: { balance: '16.03' } });
  });

  it('refuses a sale the services do not find for the user (unknown, another customer’s)', () => {
    const [row] = weigh({ orderNo: 'NOSUCH' });
    expect(row).toMatchObject({ request: undefined, errors: ['refund.errors.batchNoSale'] });
  });

  it('refuses a row whose date and time are not the sale’s, naming the sale’s', () => {
    const [row] = weigh({ transTime: '143006' });
    expect(row).toMatchObject({ errors: ['refund.errors.batchSaleTime'], params: { time: '2026-11-20 14:30:05' } });
  });

  it('refuses a voided sale as voided', () => {
    const voided = rows({});
    const sales = new Map([[lookupKey(saleLookup(voided[0]?.request as never)), [{ ...SALE, refundBalance: '0.00', voidedAmount: '16.03', voidTime: '20261120150102' }]]]);
    expect(weighRows(voided, sales)[0]).toMatchObject({ errors: ['refund.errors.saleVoided'], params: { time: '2026-11-20 15:01:02' } });
  });

  it('weighs the rows of one sale together, in file order, whichever number names it; a refused row takes nothing', () => {
    const [first, second, tooMuch, third] = weigh(
      { orderNo: 'EP0002', transTime: '150000', refundAmount: '25.00' },
      { orderNo: '', rrn: 'RRN2', transTime: '150000', refundAmount: '25.00' },
      { orderNo: 'EP0002', transTime: '150000', refundAmount: '25.00' },
      { orderNo: 'EP0002', transTime: '150000', refundAmount: '10.00' },
    );
    expect(first).toMatchObject({ errors: [], left: '35.00' });
    expect(second).toMatchObject({ errors: [], left: '10.00' });
    expect(tooMuch).toMatchObject({ request: undefined, errors: ['refund.errors.batchOverBalanceWithRows'], params: { balance: '60.00', lines: '2, 3', count: 2, left: '10.00' } });
    expect(third).toMatchObject({ errors: [], left: '0.00' });
  });

  it('keeps the format’s problems, and names the allowed reason types for a bad one', () => {
    const [bad, empty] = weigh({ reasonType: 'WHIM' }, { reasonType: ' ' });
    expect(bad).toMatchObject({ errors: ['refund.errors.batchReasonType'], params: { given: 'WHIM' } });
    expect(empty).toMatchObject({ errors: ['refund.errors.batchReasonTypeMissing'] });
  });

  it('counts in decimals, never floats: 0.1 + 0.2 of a 0.30 balance fits', () => {
    const checked = rows({ refundAmount: '0.10' }, { refundAmount: '0.20' });
    const sales = new Map([[lookupKey(saleLookup(checked[0]?.request as never)), [{ ...SALE, refundBalance: '0.30' }]]]);
    expect(weighRows(checked, sales).map((row) => row.left)).toEqual(['0.20', '0.00']);
  });
});
