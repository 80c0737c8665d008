import { csvLine } from '@/lib/export/csv';
import type { ExportTable } from '@/lib/export/table';
import { xlsxStream } from '@/lib/export/xlsx';
import { BATCH_COLUMNS, BATCH_LIMITS } from '@/lib/refunds/batch';
import { readBatchFile } from '@/lib/refunds/batch-file';

const GOOD = ['100000000000001', '20261120', '143005', 'ORD1', '', '12.50', 'return', 'Customer returned goods'];
const BAD = ['10000A', '20261131', '2460', '', '', '1.234', 'WHIM', ''];

const csv = (rows: string[][]) => Buffer.from(`\uFEFF${[[...BATCH_COLUMNS], ...rows].map(csvLine).join('')}`);

async function xlsx(rows: string[][]): Promise<Buffer> {
  const table: ExportTable = { name: 'refunds', header: BATCH_COLUMNS, rows: [rows.map((r) => r.map((value) => ({ value })))] };
  const parts: Uint8Array[] = [];
  for await (const chunk of xlsxStream([table])) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('batch refund file', () => {
  it.each([
    ['CSV', csv],
    ['xlsx', xlsx],
  ])('reads a %s file: a good row becomes a request, a bad row lists every problem', async (_kind, write) => {
    const read = await readBatchFile(await write([GOOD, BAD]));
    if (!('rows' in read)) throw new Error('refused');
    const [good, bad] = read.rows;
    expect(good?.errors).toEqual([]);
    expect(good?.request).toMatchObject({ merchantNo: '100000000000001', alipayOrder: 'ORD1', transDate: '20261120', transTime: '143005', refundAmount: '12.50', reasonType: 'RETURN' });
    expect(good?.request?.requestKey).toMatch(/^batch-[0-9a-f]{40}-2$/);
    expect(bad?.request).toBeUndefined();
    expect(bad?.errors).toEqual(
      expect.arrayContaining(['refund.errors.merchantNumeric', 'refund.errors.dateFormat', 'refund.errors.timeFormat', 'refund.errors.amountFormat', 'refund.errors.batchReasonType']),
    );
  });

  it('reads "-", the portal\u2019s sign for no value, as an empty cell: the row asks by its order number alone', async () => {
    const read = await readBatchFile(csv([['100000000000001', '20261120', '143005', 'ORD1', '-', '12.50', 'RETURN', 'Customer returned goods']]));
    if (!('rows' in read)) throw new Error('refused');
    expect(read.rows[0]?.errors).toEqual([]);
    expect(read.rows[0]?.request?.alipayOrder).toBe('ORD1');
    expect(read.rows[0]?.request?.oldRefNo).toBeUndefined();
  });

  it('tells a negative amount "more than 0", as the single refund form does', async () => {
    const read = await readBatchFile(csv([['100000000000001', '20261120', '143005', 'ORD1', '', '-5', 'RETURN', 'Customer returned goods']]));
    if (!('rows' in read)) throw new Error('refused');
    expect(read.rows[0]?.errors).toEqual(['refund.errors.amountPositive']);
  });

  it('gives the same file the same keys and another file other keys', async () => {
    const keys = async (file: Buffer) => {
      const read = await readBatchFile(file);
      return 'rows' in read ? read.rows.map((r) => r.request?.requestKey) : [];
    };
    expect(await keys(csv([GOOD]))).toEqual(await keys(csv([GOOD])));
    expect(await keys(csv([GOOD]))).not.toEqual(await keys(csv([[...GOOD.slice(0, 5), '13.00', ...GOOD.slice(6)]])));
  });

  it('refuses a zero amount and a row with neither order number nor RRN by the single request rules', async () => {
    const read = await readBatchFile(csv([[...GOOD.slice(0, 5), '0.00', ...GOOD.slice(6)], [...GOOD.slice(0, 3), '', '', ...GOOD.slice(5)]]));
    if (!('rows' in read)) throw new Error('refused');
    expect(read.rows.map((r) => r.errors)).toEqual([['refund.errors.amountPositive'], ['refund.errors.orderOrRrnRequired']]);
  });

  it('refuses a file without data, without the columns, over the row limit, over the size limit, or unreadable', async () => {
    expect(await readBatchFile(csv([]))).toEqual({ refusal: { key: 'refund.errors.batchEmpty' } });
    expect(await readBatchFile(Buffer.from('a,b\r\n1,2\r\n'))).toEqual({ refusal: { key: 'refund.errors.batchColumns' } });
    expect(await readBatchFile(csv(Array.from({ length: BATCH_LIMITS.rows + 1 }, () => GOOD)))).toEqual({ refusal: { key: 'refund.errors.batchTooManyRows', values: { rows: BATCH_LIMITS.rows } } });
    expect(await readBatchFile(Buffer.alloc(BATCH_LIMITS.bytes + 1, 'a'))).toEqual({ refusal: { key: 'refund.errors.batchTooLarge', values: { kilobytes: 1024 } } });
    const broken = await xlsx([GOOD]);
    expect(await readBatchFile(broken.subarray(0, broken.length - 30))).toEqual({ refusal: { key: 'refund.errors.batchUnreadable' } });
  });
});
