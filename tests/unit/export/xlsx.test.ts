import { escapeXml, xlsxStream, XLSX_MAX_ROWS } from '@/lib/export/xlsx';
import { columnName } from '@/lib/import/sheet';
import { zipStream } from '@/lib/export/zip';
import type { ExportRow, ExportTable } from '@/lib/export/table';
import { exposeGc } from './gc';
import { sheetRows, unzip } from './unzip';

async function bytes(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('the ZIP writer', () => {
  it('writes entries a reader can check: data descriptors, CRCs, sizes, UTF-8 names', async () => {
    const big = 'x'.repeat(200_000) + '終';
    const zip = await bytes(zipStream([
      { name: 'a.txt', content: ['hello ', Buffer.from('world')] },
      { name: '資料/b.txt', content: (async function* () { yield big; yield ''; })() },
      { name: 'empty.txt', content: [] },
    ]));
    const entries = unzip(zip);
    expect(entries.map((e) => [e.name, e.text.length])).toEqual([['a.txt', 11], ['資料/b.txt', 200_001], ['empty.txt', 0]]);
    expect(entries[0]?.text).toBe('hello world');
    expect(entries[1]?.text).toBe(big);
    for (const entry of entries) {
      expect(entry.flags & 0x0808).toBe(0x0808);
      expect(entry.descriptor.size).toBe(Buffer.byteLength(entry.text));
    }
    // Deflated: 200 000 repeated characters take a few hundred bytes.
    expect(zip.length).toBeLessThan(2000);
  });

  it('keeps every byte across block boundaries, a piece larger than a block and multi-byte characters intact', async () => {
    const line = (i: number) => `${i},商戶 ${i},€${i}.50\n`;
    const pieces: (string | Uint8Array)[] = [];
    for (let i = 0; i < 60_000; i++) pieces.push(i % 7 === 0 ? Buffer.from(line(i)) : line(i));
    pieces.push('大'.repeat(1_500_000), Buffer.from('end'));
    const expected = pieces.map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString('utf8'))).join('');
    const [entry] = unzip(await bytes(zipStream([{ name: 'big.csv', content: pieces }])));
    expect(Buffer.byteLength(expected)).toBeGreaterThan(5 << 20);
    expect(entry?.text).toBe(expected);
    expect(entry?.descriptor.size).toBe(Buffer.byteLength(expected));
  });
});

describe('the xlsx writer', () => {
  const rows: ExportRow[] = [
    [{ value: '20261121153005', format: 'timestamp14' }, { value: '1234567.89', format: 'amount' }, { value: '九龍 <旺角> & "店"' }, { value: '12', format: 'count' }],
    [{ value: '20261121000001', format: 'timestamp14' }, { value: '12345678901234.56', format: 'amount' }, { value: '=HYPERLINK("x")' }, { value: 'x', format: 'count' }],
    [{ value: null, format: 'timestamp14' }, { value: 'garbage', format: 'amount' }, { value: ' padded\u0007 ' }, { value: '1.5', format: 'count' }],
  ];
  const tables = (): ExportTable[] => [
    { name: 'Transactions', header: ['Payment time', 'Amount (HKD)', 'Store', 'Count'], formats: ['timestamp14', 'amount', undefined, 'count'], rows: [rows.slice(0, 2), rows.slice(2)] },
    { name: '合計: [all]', header: ['Totals', 'Count', 'Amount'], rows: [[[{ value: 'Net' }, { value: 3, format: 'count' }, { value: '-12.5', format: 'amount' }]]] },
  ];

  it('is a workbook with one worksheet per table, styles and relationships', async () => {
    const entries = unzip(await bytes(xlsxStream(tables())));
    expect(entries.map((e) => e.name)).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml',
    ]);
    const file = Object.fromEntries(entries.map((e) => [e.name, e.text]));
    expect(file['xl/workbook.xml']).toContain('<sheet name="Transactions" sheetId="1" r:id="rId1"/><sheet name="合計 all" sheetId="2" r:id="rId2"/>');
    expect(file['xl/_rels/workbook.xml.rels']).toContain('Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"');
    expect(file['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet2.xml"');
    expect(file['xl/styles.xml']).toContain('<numFmt numFmtId="164" formatCode="#,##0.00"/>');
    // Style 1 is the bold header.
    expect(file['xl/styles.xml']).toMatch(/<cellXfs count="4"><xf [^>]*\/><xf numFmtId="0" fontId="1"[^>]*\/><xf numFmtId="164"[^>]*\/><xf numFmtId="3"/);
    expect(file['xl/styles.xml']).toMatch(/<fonts count="2"><font>.*?<\/font><font><b\/>/);
    for (const name of Object.keys(file)) expect(file[name]).toMatch(/^<\?xml version="1.0" encoding="UTF-8" standalone="yes"\?>/);
  });

  it('writes a bold frozen header, inline strings, and amounts as numbers from their exact text', async () => {
    const entries = unzip(await bytes(xlsxStream(tables())));
    const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')?.text as string;
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toContain('<col min="1" max="1" width="20" customWidth="1"/>');
    expect(sheetRows(sheet)).toEqual([
      { r: 1, cells: ['Payment time', 'Amount (HKD)', 'Store', 'Count'].map((value, i) => ({ ref: `${columnName(i)}1`, style: 1, type: 'inlineStr', value })) },
      {
        r: 2,
        cells: [
          { ref: 'A2', style: 0, type: 'inlineStr', value: '2026-11-21 15:30:05' },
          { ref: 'B2', style: 2, type: 'n', value: '1234567.89' },
          { ref: 'C2', style: 0, type: 'inlineStr', value: '九龍 <旺角> & "店"' },
          { ref: 'D2', style: 3, type: 'n', value: '12' },
        ],
      },
      {
        r: 3,
        cells: [
          { ref: 'A3', style: 0, type: 'inlineStr', value: '2026-11-21 00:00:01' },
          // 17 significant digits: a float would have rounded them; the cell keeps the text.
          { ref: 'B3', style: 2, type: 'n', value: '12345678901234.56' },
          // An inline string is never a formula, so it needs no apostrophe.
          { ref: 'C3', style: 0, type: 'inlineStr', value: '=HYPERLINK("x")' },
          { ref: 'D3', style: 0, type: 'inlineStr', value: '-' },
        ],
      },
      {
        r: 4,
        cells: [
          { ref: 'A4', style: 0, type: 'inlineStr', value: '-' },
          { ref: 'B4', style: 0, type: 'inlineStr', value: '-' },
          { ref: 'C4', style: 0, type: 'inlineStr', value: ' padded ' },
          { ref: 'D4', style: 0, type: 'inlineStr', value: '-' },
        ],
      },
    ]);
    expect(sheet).toContain('<t xml:space="preserve"> padded </t>');
    const totals = entries.find((e) => e.name === 'xl/worksheets/sheet2.xml')?.text as string;
    expect(sheetRows(totals)[1]?.cells.map((c) => [c.type, c.value])).toEqual([['inlineStr', 'Net'], ['n', '3'], ['n', '-12.5']]);
  });

  it('does not pull a later table before the earlier one is written', async () => {
    const order: string[] = [];
    const stream = xlsxStream([
      { name: 'a', header: ['x'], rows: (async function* () { order.push('first'); yield [[{ value: 1 }]]; order.push('first done'); })() },
      { name: 'b', header: ['y'], rows: (async function* () { order.push('second'); yield [[{ value: 2 }]]; })() },
    ]);
    await bytes(stream);
    expect(order).toEqual(['first', 'first done', 'second']);
  });

  it('pulls rows only as fast as the file is read, and stops its source when the reader stops', async () => {
    let pulled = 0;
    let stopped = false;
    async function* rows() {
      try {
        for (let batch = 0; batch < 1000; batch++) {
          pulled += 100;
          yield Array.from({ length: 100 }, (_, i): ExportRow => [{ value: `${batch}-${i}-${Math.random()}` }, { value: `${i}.25`, format: 'amount' }]);
        }
      } finally {
        stopped = true;
      }
    }
    const stream = xlsxStream([{ name: 'T', header: ['a', 'b'], rows: rows() }]);
    let read = 0;
    for await (const chunk of stream) {
      read += chunk.length;
      if (read > 50_000) break;
    }
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(20_000);
    expect(stopped).toBe(true);
  });

  it('refuses more rows than a worksheet holds', async () => {
    function* rows() {
      const batch = Array.from({ length: 5000 }, (): ExportRow => [{ value: 'a' }]);
      for (let written = 0; written <= XLSX_MAX_ROWS; written += batch.length) yield batch;
    }
    await expect(bytes(xlsxStream([{ name: 'T', header: ['a'], rows: rows() }]))).rejects.toThrow(/at most 1048575 rows/);
  }, 120_000);

  it('keeps memory flat over a million rows and reads back whole', async () => {
    const gc = exposeGc();
    const count = 1_000_000;
    function* rows() {
      for (let start = 0; start < count; start += 5000) {
        yield Array.from({ length: 5000 }, (_, i): ExportRow => [{ value: String(start + i) }, { value: `${(start + i) % 100000}.${i % 100}`, format: 'amount' }, { value: '九龍旺角店' }]);
      }
    }
    gc();
    const before = process.memoryUsage().heapUsed;
    const parts: Uint8Array[] = [];
    let chunks = 0;
    let peak = 0;
    for await (const chunk of xlsxStream([{ name: 'T', header: ['n', 'amount', 'store'], rows: rows() }])) {
      parts.push(chunk);
      if (++chunks % 200 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before - parts.reduce((sum, p) => sum + p.length, 0));
      }
    }
    // What is held besides the compressed output the test keeps: about one batch and one chunk.
    expect(peak).toBeLessThan(25_000_000);
    const sheet = unzip(Buffer.concat(parts)).find((e) => e.name === 'xl/worksheets/sheet1.xml')?.text as string;
    expect(sheet.length).toBeGreaterThan(80_000_000);
    const last = sheetRows(sheet.slice(sheet.lastIndexOf('<row ')));
    expect(last).toEqual([{ r: count + 1, cells: [
      { ref: `A${count + 1}`, style: 0, type: 'inlineStr', value: String(count - 1) },
      { ref: `B${count + 1}`, style: 2, type: 'n', value: '99999.99' },
      { ref: `C${count + 1}`, style: 0, type: 'inlineStr', value: '九龍旺角店' },
    ] }]);
  }, 120_000);
});

describe('XML helpers', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes markup and drops what XML cannot hold, keeping pairs of surrogates', () => {
    expect(escapeXml('a<b>&"c"\u0000\u001f\ud800x😀')).toBe('a&lt;b&gt;&amp;&quot;c&quot;x😀');
  });
});
