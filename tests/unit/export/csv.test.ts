import { csvCell, csvLine, csvStream, UTF8_BOM } from '@/lib/export/csv';
import type { ExportRow, ExportTable } from '@/lib/export/table';
import { exposeGc } from './gc';

async function text(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  // fatal: the bytes must be valid UTF-8; ignoreBOM keeps the BOM so the test can see it.
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(Buffer.concat(parts));
}

describe('CSV cells (RFC 4180, formula-safe)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\ronly', '"cr\ronly"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+85291234567', "'+85291234567"],
    ['-cmd', "'-cmd"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t=1"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['-1,234.50', '"-1,234.50"'],
    ['-0.01', '-0.01'],
    ['-1+2', "'-1+2"],
    ['-', '-'],
    ['--', "'--"],
    ['九龍旺角店', '九龍旺角店'],
  ])('%j is written as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('writes missing values as empty fields and numbers as their text', () => {
    expect(csvLine([null, undefined, 12, 'x'])).toBe(',,12,x\r\n');
  });
});

describe('the CSV stream', () => {
  const table = (rows: ExportRow[][], name = 'Transactions'): ExportTable => ({ name, header: ['Time', 'Amount (HKD)', 'Store'], rows });

  it('starts with a BOM, ends lines with CRLF, formats cells like the data table, and puts a blank line between tables', async () => {
    const file = await text(
      csvStream([
        table([
          [
            [{ value: '20261121153005', format: 'timestamp14' }, { value: '1234567.5', format: 'amount' }, { value: '=1+1' }],
            [{ value: 'garbage', format: 'timestamp14' }, { value: '-12', format: 'amount' }, { value: '' }],
          ],
        ]),
        { name: 'Totals', header: ['Totals', 'Count'], rows: [[[{ value: 'Net' }, { value: 2, format: 'count' }]]] },
      ]),
    );
    expect(file).toBe(
      `${UTF8_BOM}Time,Amount (HKD),Store\r\n` +
        `2026-11-21 15:30:05,"1,234,567.50",'=1+1\r\n` +
        `-,-12.00,-\r\n` +
        `\r\n` +
        `Totals,Count\r\n` +
        `Net,2\r\n`,
    );
  });

  it('pulls rows only as fast as chunks are read, and stops its source when the reader stops', async () => {
    let pulled = 0;
    let stopped = false;
    async function* rows() {
      try {
        for (let batch = 0; batch < 1000; batch++) {
          pulled += 100;
          yield Array.from({ length: 100 }, (_, i): ExportRow => [{ value: `row ${batch * 100 + i} with some text in it` }, { value: '12.34', format: 'amount' }]);
        }
      } finally {
        stopped = true;
      }
    }
    const stream = csvStream([{ name: 'T', header: ['a', 'b'], rows: rows() }]);
    const first = await stream.next();
    expect(first.done).toBe(false);
    // One chunk of about 64 KiB needs a couple of thousand of these rows, not all 100 000.
    expect(pulled).toBeLessThan(5000);
    await stream.return(undefined);
    expect(stopped).toBe(true);
  });

  it('keeps memory flat over a million rows', async () => {
    const gc = exposeGc();
    async function* rows() {
      for (let batch = 0; batch < 200; batch++) {
        yield Array.from({ length: 5000 }, (_, i): ExportRow => [{ value: `2026112115${String(i % 60).padStart(2, '0')}00`, format: 'timestamp14' }, { value: `${batch}.${i % 100}`, format: 'amount' }, { value: '九龍旺角店 Mong Kok store' }]);
      }
    }
    gc();
    const before = process.memoryUsage().heapUsed;
    let bytes = 0;
    let chunks = 0;
    let peak = 0;
    for await (const chunk of csvStream([{ name: 'T', header: ['a', 'b', 'c'], rows: rows() }])) {
      bytes += chunk.length;
      if (++chunks % 100 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
      }
    }
    expect(bytes).toBeGreaterThan(50_000_000);
    // The file is over 50 MB; what is kept at once is one batch of rows and one chunk.
    expect(peak).toBeLessThan(20_000_000);
  }, 60_000);
});
