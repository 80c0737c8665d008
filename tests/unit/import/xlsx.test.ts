import fc from 'fast-check';
import { zipStream } from '@/lib/export/zip';
import { TooManyColumns, TooManyRows, UnreadableFile, type SheetLimits } from '@/lib/import/sheet';
import { PART_BYTES, readXlsxRows } from '@/lib/import/xlsx';

const LIMITS: SheetLimits = { columns: 8, rows: 201 };
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

async function zip(parts: Record<string, string | Buffer>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of zipStream(Object.entries(parts).map(([name, content]) => ({ name, content: [content] })))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A workbook whose first sheet's <sheetData> holds `rows` (XML), with shared strings when given. */
function workbook(rows: string, shared?: string): Promise<Buffer> {
  return zip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': `<workbook ${MAIN}><sheets><sheet name="Refunds" sheetId="1"/></sheets></workbook>`,
    ...(shared === undefined ? {} : { 'xl/sharedStrings.xml': `<sst ${MAIN}>${shared}</sst>` }),
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet ${MAIN}><sheetData>${rows}</sheetData></worksheet>`,
  });
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The central directory's record of `name`: where its declared uncompressed size is written. */
function declareSize(file: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(file);
  for (let at = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at - 1)) {
    if (copy.toString('utf8', at + 46, at + 46 + copy.readUInt16LE(at + 28)) === name) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error(`no entry ${name}`);
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: unknown) => (error instanceof TooManyColumns ? `column ${error.column}` : error instanceof TooManyRows ? 'too many rows' : error instanceof UnreadableFile ? 'unreadable' : `other: ${String(error)}`),
  );

describe('the xlsx reader', () => {
  it('reads inline strings, shared strings (without phonetic guides), numbers and formulas’ cached values, by row number', async () => {
    const file = await workbook(
      `<row r="1">${inline('A1', 'merchantNo')}<c r="B1" t="s"><v>0</v></c></row>` +
        `<row r="3"><c r="A3"><v>100000000000001</v></c><c r="C3" t="str"><f>A3&amp;"x"</f><v>x&amp;y</v></c><c r="D3" t="s"><v>1</v></c></row>`,
      '<si><t>transDate</t></si><si><r><t>漢</t></r><r><t>字</t></r><rPh><t>かんじ</t></rPh></si>',
    );
    expect(await readXlsxRows(file, LIMITS)).toEqual([
      { line: 1, cells: ['merchantNo', 'transDate'] },
      { line: 3, cells: ['100000000000001', '', 'x&y', '漢字'] },
    ]);
  });

  it('refuses the 251-byte file the probe sent (a cell reference of column ~8 billion) in milliseconds', async () => {
    const file = await workbook(`<row r="2"><c r="AAAAAAA2"><v>1</v></c></row>`);
    const started = performance.now();
    expect(await refusal(readXlsxRows(file, LIMITS))).toBe('unreadable');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([
    ['an entity past Unicode', `<row>${inline('A1', '&#x110000;')}</row>`],
    ['a NUL character reference', `<row>${inline('A1', '&#0;')}</row>`],
    ['an undefined entity', `<row>${inline('A1', '&bomb;')}</row>`],
    ['a row past the sheet’s last', `<row r="1048577">${inline('A1', 'x')}</row>`],
    ['rows out of order', `<row r="5">${inline('A5', 'x')}</row><row r="4">${inline('A4', 'y')}</row>`],
    ['cells out of order', `<row r="1">${inline('C1', 'x')}${inline('B1', 'y')}</row>`],
    ['a negative row number', `<row r="-1">${inline('A1', 'x')}</row>`],
    ['a lower-case reference', `<row r="1">${inline('a1', 'x')}</row>`],
    ['a shared-string index out of range', `<row r="1"><c r="A1" t="s"><v>7</v></c></row>`],
    ['a shared-string index that is no number', `<row r="1"><c r="A1" t="s"><v>-1</v></c></row>`],
    ['unclosed elements', `<row r="1"><c r="A1"><v>1</v>`],
    ['nesting 10 000 deep', `<row r="1"><c r="A1">${'<x>'.repeat(10_000)}${'</x>'.repeat(10_000)}</c></row>`],
  ])('refuses %s as unreadable, not with a crash', async (_what, rows) => {
    expect(await refusal(readXlsxRows(await workbook(rows, ''), LIMITS))).toBe('unreadable');
  });

  it('refuses a document type declaration (entity expansion) as unreadable', async () => {
    const file = await zip({
      'xl/worksheets/sheet1.xml': `<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet ${MAIN}><sheetData><row>${inline('A1', '&b;')}</row></sheetData></worksheet>`,
    });
    expect(await refusal(readXlsxRows(file, LIMITS))).toBe('unreadable');
  });

  it('refuses a value beyond the template’s columns, naming the column, and ignores an empty cell there', async () => {
    expect(await readXlsxRows(await workbook(`<row r="1">${inline('A1', 'x')}<c r="I1" s="2"/><c r="XFD1"><v></v></c></row>`), LIMITS)).toEqual([{ line: 1, cells: ['x'] }]);
    expect(await refusal(readXlsxRows(await workbook(`<row r="1">${inline('A1', 'x')}<c r="I1"><v>5</v></c></row>`), LIMITS))).toBe('column 8');
    expect(await refusal(readXlsxRows(await workbook(`<row r="1">${'<c><v>1</v></c>'.repeat(9)}</row>`), LIMITS))).toBe('column 8');
  });

  it('stops at the first row past the limit, without reading the rest', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}">${inline(`A${i + 1}`, 'x')}</row>`).join('');
    const started = performance.now();
    expect(await refusal(readXlsxRows(await workbook(rows), LIMITS))).toBe('too many rows');
    expect(performance.now() - started).toBeLessThan(2000);
    const blankLines = Array.from({ length: 5000 }, (_, i) => `<row r="${i + 2}"/>`).join('');
    expect(await readXlsxRows(await workbook(`<row r="1">${inline('A1', 'x')}</row>${blankLines}`), LIMITS)).toHaveLength(1);
  });

  it('keeps Chinese text whole where a character’s bytes fall across the inflated chunks', async () => {
    const reason = '商戶退款測試'.repeat(9_000);
    const file = await workbook(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`, `<si><t>${reason}</t></si>`);
    expect(await readXlsxRows(file, LIMITS)).toEqual([{ line: 1, cells: [reason] }]);
  });

  it('refuses a part of empty elements by the hundred thousand (past column XFD, or past 60 000 elements) before parsing it all', async () => {
    for (const rows of [`<row r="1">${'<c/>'.repeat(500_000)}</row>`, Array.from({ length: 31 }, (_, r) => `<row r="${r + 1}">${'<c/>'.repeat(16_000)}</row>`).join(''), '<row/>'.repeat(300_000), `<row r="1"><c r="A1">${'<x/>'.repeat(400_000)}</c></row>`]) {
      const started = performance.now();
      expect(await refusal(readXlsxRows(await workbook(rows), LIMITS))).toBe('unreadable');
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('refuses a part that inflates past its declared size (a zip bomb) and one declared too large', async () => {
    const file = await workbook(`<row r="1">${inline('A1', 'x'.repeat(100_000))}</row>`);
    expect(await refusal(readXlsxRows(declareSize(file, 'xl/worksheets/sheet1.xml', 1000), LIMITS))).toBe('unreadable');
    expect(await refusal(readXlsxRows(declareSize(file, 'xl/worksheets/sheet1.xml', PART_BYTES + 1), LIMITS))).toBe('unreadable');
    const bomb = await zip({ 'xl/worksheets/sheet1.xml': Buffer.alloc(64 * 1024 * 1024, ' ') });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(readXlsxRows(bomb, LIMITS))).toBe('unreadable');
  });

  it('refuses a zip of thousands of entries, a truncated one, a stored part of another method and no worksheet', async () => {
    const many = await zip(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`x/${i}.xml`, '<a/>'])));
    expect(await refusal(readXlsxRows(many, LIMITS))).toBe('unreadable');
    const good = await workbook(`<row r="1">${inline('A1', 'x')}</row>`);
    expect(await refusal(readXlsxRows(good.subarray(0, good.length - 30), LIMITS))).toBe('unreadable');
    expect(await refusal(readXlsxRows(await zip({ 'xl/other.xml': '<a/>' }), LIMITS))).toBe('unreadable');
    const method = Buffer.from(good);
    for (let at = method.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at = method.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 1)) method.writeUInt16LE(12, at + 10);
    expect(await refusal(readXlsxRows(method, LIMITS))).toBe('unreadable');
  });
});

// ---- Generated files ---------------------------------------------------------------------------

const letters = fc.stringMatching(/^[A-Z]{1,9}$/);
const reference = fc.oneof(
  fc.tuple(fc.stringMatching(/^[A-J]{1,2}$/), fc.integer({ min: 1, max: 300 })).map(([l, n]) => `${l}${n}`),
  fc.tuple(letters, fc.integer({ min: -5, max: 2 ** 31 })).map(([l, n]) => `${l}${n}`),
  fc.constantFrom('AAAAAAA2', 'XFD1', 'XFE1', 'A0', 'A', '1', '', 'a1', 'A1048577', 'ZZZZZZZZZZZZZ99999999999'),
  fc.string({ maxLength: 12 }),
);
const text = fc.oneof(
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[<&"]/g, '')),
  fc.constantFrom('&#x110000;', '&#0;', '&#xD800;', '&amp;', '&lt;', '&bogus;', '&#65;', '&#x1F600;', ']]>', '&', '<'),
  fc.integer({ min: -1e6, max: 1e9 }).map(String),
);
const cell = fc.record({
  ref: fc.option(reference, { nil: undefined }),
  type: fc.option(fc.constantFrom('s', 'inlineStr', 'n', 'str', 'b', 'e', 'd', 'x'), { nil: undefined }),
  value: text,
});
const cellXml = ({ ref, type, value }: { ref?: string; type?: string; value: string }) =>
  `<c${ref === undefined ? '' : ` r="${ref.replace(/"/g, '')}"`}${type === undefined ? '' : ` t="${type}"`}>${type === 'inlineStr' ? `<is><t>${value}</t></is>` : `<v>${value}</v>`}</c>`;
const row = fc.record({
  r: fc.option(fc.oneof(fc.integer({ min: -3, max: 1_100_000 }).map(String), fc.constantFrom('', 'x', '1e3')), { nil: undefined }),
  cells: fc.array(cell, { maxLength: 12 }),
});
const sheetXml = fc.array(row, { maxLength: 40 }).map((rows) => rows.map(({ r, cells }) => `<row${r === undefined ? '' : ` r="${r}"`}>${cells.map(cellXml).join('')}</row>`).join(''));
const sharedXml = fc.option(fc.array(text, { maxLength: 10 }).map((strings) => strings.map((s) => `<si><t>${s}</t></si>`).join('')), { nil: undefined });

/** A generated workbook, then perhaps damaged: cut short, or a stretch of bytes overwritten. */
const damagedFile = fc
  .tuple(sheetXml, sharedXml, fc.option(fc.tuple(fc.nat(), fc.nat({ max: 64 }), fc.uint8Array({ minLength: 1, maxLength: 64 })), { nil: undefined }), fc.option(fc.nat(), { nil: undefined }))
  .map(async ([sheet, shared, overwrite, cut]) => {
    let file = await workbook(sheet, shared);
    if (overwrite) {
      const [at, , bytes] = overwrite;
      file = Buffer.from(file);
      file.set(bytes.subarray(0, Math.max(0, file.length - (at % file.length))), at % file.length);
    }
    return cut === undefined ? file : file.subarray(0, cut % (file.length + 1));
  });

describe('the xlsx reader over generated files (fast-check)', () => {
  it('reads a file within its limits, or refuses it as unreadable or over the limits, in bounded time', async () => {
    await fc.assert(
      fc.asyncProperty(damagedFile, async (making) => {
        const file = await making;
        const started = performance.now();
        const outcome = await readXlsxRows(file, LIMITS).then(
          (rows) => ({ rows }),
          (error: unknown) => ({ error }),
        );
        expect(performance.now() - started).toBeLessThan(1500);
        if ('error' in outcome) {
          expect([UnreadableFile, TooManyColumns, TooManyRows].some((kind) => outcome.error instanceof kind)).toBe(true);
        } else {
          expect(outcome.rows.length).toBeLessThanOrEqual(LIMITS.rows);
          for (const { line, cells } of outcome.rows) {
            expect(cells.length).toBeLessThanOrEqual(LIMITS.columns);
            expect(line).toBeGreaterThan(0);
            expect(line).toBeLessThanOrEqual(1_048_576);
          }
        }
      }),
      { numRuns: 400 },
    );
    // Each file's bound is the property above; the 400 of them together may take a busy machine past jest's 5 s.
  }, 60_000);
});
