import fc from 'fast-check';
import { readCsvRows } from '@/lib/import/csv';
import { TooManyColumns, TooManyRows, type SheetLimits } from '@/lib/import/sheet';

const LIMITS: SheetLimits = { columns: 8, rows: 201 };

describe('the CSV reader', () => {
  it('reads quoted fields, doubled quotes and line breaks inside quotes, numbering records and skipping blank ones', () => {
    expect(readCsvRows('\uFEFFa,"b,1","say ""hi"""\r\n\r\n,,\n"two\nlines",x\n', LIMITS)).toEqual([
      { line: 1, cells: ['a', 'b,1', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'x'] },
    ]);
    expect(readCsvRows("'=1+1,last", LIMITS)).toEqual([{ line: 1, cells: ["'=1+1", 'last'] }]);
  });

  it('refuses a value past the template’s columns, and ignores empty fields there', () => {
    expect(readCsvRows('a,b,c,d,e,f,g,h,,,,\n', LIMITS)).toEqual([{ line: 1, cells: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] }]);
    expect(() => readCsvRows('a,b,c,d,e,f,g,h,i\n', LIMITS)).toThrow(TooManyColumns);
    expect(() => readCsvRows(`${','.repeat(500_000)}x`, LIMITS)).toThrow(TooManyColumns);
  });

  it('stops at the first row past the limit, and keeps nothing of a megabyte of empty lines', () => {
    expect(() => readCsvRows('x\n'.repeat(500_000), LIMITS)).toThrow(TooManyRows);
    const started = performance.now();
    expect(readCsvRows('\n'.repeat(1024 * 1024), LIMITS)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads any text within its limits or refuses it as over them (fast-check)', () => {
    const csvText = fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(',', '"', '""', '\r\n', '\n', '\r', ',,,,,,,,,', '\uFEFF')), { maxLength: 400 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(csvText, (text) => {
        try {
          const rows = readCsvRows(text, LIMITS);
          expect(rows.length).toBeLessThanOrEqual(LIMITS.rows);
          for (const row of rows) {
            expect(row.cells.length).toBeLessThanOrEqual(LIMITS.columns);
            expect(row.cells.some((cell) => cell.trim() !== '')).toBe(true);
          }
        } catch (error) {
          expect(error instanceof TooManyColumns || error instanceof TooManyRows).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
