import 'server-only';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { RowCollector, TooManyColumns, TooManyRows, UnreadableFile, type SheetLimits, type SheetRow } from './sheet';

/**
 * Reads an xlsx upload: the first worksheet's cells as text, row by row, under the template's
 * limits. Formulas give their cached value; styles and dates are not interpreted (the template asks
 * for yyyyMMdd and HHmmss as text or digits). Built on maintained parsers, yauzl for the zip and
 * saxes for the XML, both streamed: the parts are inflated and parsed as they are read, each within
 * PART_BYTES, and reading stops at the first cell past the limits (docs/decisions.md, "Reading an
 * uploaded sheet", with the measurements).
 */

/** A part's largest inflated size. A template of 200 rows is about 60 KB of sheet XML. */
export const PART_BYTES = 2 * 1024 * 1024;
/** An xlsx file has a dozen parts; thousands are a zip made to be slow to list. */
const MAX_ENTRIES = 256;
/** The deepest element of a worksheet or shared-string part is 5 levels down. */
const MAX_DEPTH = 16;
/** Excel's own limits: 1 048 576 rows, 16 384 columns (XFD). */
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;
/**
 * Elements a part may hold, empty ones included: the template's 201 rows of 8 cells with their
 * values are about 3 500, its shared strings as many; a part of 2 MB could hold 500 000 empty
 * ones, a quarter of a second of parsing for nothing.
 */
const MAX_ELEMENTS = 60_000;
/** Distinct strings a sheet of the template's size can use; a workbook's other sheets may add some. */
const MAX_SHARED_STRINGS = 65_536;

const fail = (why: string): never => {
  throw new UnreadableFile(why);
};

const openZip = (bytes: Buffer) =>
  new Promise<ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true }, (error, zip) => (error ? reject(new UnreadableFile(error.message)) : resolve(zip))));

/** Every entry of the zip's central directory (at most MAX_ENTRIES). */
async function entriesOf(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > MAX_ENTRIES) fail('too many entries');
  const entries: Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', (error: Error) => reject(new UnreadableFile(error.message)));
    zip.readEntry();
  });
  return entries;
}

/** What a part's reader does at each element's start and end and with text inside. */
interface PartHandlers {
  open(tag: SaxesTagPlain): void;
  text(text: string): void;
  close(name: string): void;
}

/**
 * Streams one part through a SAX parser into the handlers. The part's declared size is checked
 * before it is opened, and yauzl refuses inflated data that runs past the declared size. Whatever
 * else goes wrong in an outside file is UnreadableFile; the limits' own refusals pass through.
 */
async function parsePart(zip: ZipFile, entry: Entry, handlers: PartHandlers): Promise<void> {
  if (entry.uncompressedSize > PART_BYTES || entry.isEncrypted() || !entry.canDecodeFileData()) fail('part too large or not readable');
  const parser = new SaxesParser();
  let depth = 0;
  let elements = 0;
  parser.on('opentag', (tag) => {
    if (++depth > MAX_DEPTH) fail('nested too deep');
    if (++elements > MAX_ELEMENTS) fail('too many elements');
    handlers.open(tag as SaxesTagPlain);
  });
  parser.on('closetag', (tag) => {
    depth--;
    handlers.close(tag.name);
  });
  parser.on('text', handlers.text);
  parser.on('doctype', () => fail('a document type declaration'));
  let stream: Readable | undefined;
  try {
    stream = await zip.openReadStreamPromise(entry);
    // A character's bytes may fall across two chunks: the decoder keeps them until it is whole.
    const text = new StringDecoder('utf8');
    for await (const chunk of stream) parser.write(text.write(chunk as Buffer));
    parser.write(text.end());
    parser.close();
  } catch (error) {
    stream?.destroy();
    if (error instanceof TooManyColumns || error instanceof TooManyRows || error instanceof UnreadableFile) throw error;
    fail(error instanceof Error ? error.message : 'unreadable');
  }
}

/** The text of each shared string: its runs' <t>, without phonetic guides (<rPh>). */
function sharedStrings(into: string[]): PartHandlers {
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  return {
    open(tag) {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') inPhonetic = true;
      else if (tag.name === 't') inText = !inPhonetic;
    },
    text(text) {
      if (inText && current !== null) current += text;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && current !== null) {
        if (into.length >= MAX_SHARED_STRINGS) fail('too many shared strings');
        into.push(current);
        current = null;
      }
    },
  };
}

/** "AB12" -> 27; a reference of more letters than Excel has columns is malformed. */
function columnOf(reference: string): number {
  const letters = /^([A-Z]{1,3})[1-9]\d{0,6}$/.exec(reference)?.[1] ?? fail('a malformed cell reference');
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/** The worksheet's cells into the collector, in order; a cell's value is resolved when it closes. */
function worksheet(shared: readonly string[], sheet: RowCollector): PartHandlers {
  let line = 0;
  let column = -1;
  let cell: { column: number; type: string; value: string; inline: string } | null = null;
  let reading: 'v' | 't' | null = null;
  return {
    open(tag) {
      const attribute = (name: string) => tag.attributes[name];
      if (tag.name === 'row') {
        const r = attribute('r');
        const next = r === undefined ? line + 1 : /^[1-9]\d{0,6}$/.test(r) ? Number(r) : fail('a malformed row number');
        if (next <= line || next > MAX_ROW) fail('rows out of order');
        line = next;
        column = -1;
      } else if (tag.name === 'c' && line > 0) {
        const r = attribute('r');
        const at = r === undefined ? column + 1 : columnOf(r);
        if (at <= column || at >= MAX_COLUMN) fail('cells out of order or past the last column');
        column = at;
        cell = { column: at, type: attribute('t') ?? 'n', value: '', inline: '' };
      } else if (cell && (tag.name === 'v' || tag.name === 't')) reading = tag.name;
    },
    text(text) {
      if (cell && reading === 'v') cell.value += text;
      else if (cell && reading === 't') cell.inline += text;
    },
    close(name) {
      if (name === 'v' || name === 't') reading = null;
      else if (name === 'c' && cell) {
        sheet.cell(cell.column, cellText(cell, shared));
        cell = null;
      } else if (name === 'row') sheet.endRow(line);
    },
  };
}

function cellText(cell: { type: string; value: string; inline: string }, shared: readonly string[]): string {
  if (cell.type === 'inlineStr') return cell.inline;
  if (cell.type !== 's') return cell.value;
  if (!/^\d{1,9}$/.test(cell.value.trim())) return fail('a malformed shared-string index');
  return shared[Number(cell.value)] ?? fail('a shared-string index out of range');
}

/** The first worksheet: sheet1, else the first by name (the template has one). */
function firstWorksheet(entries: Entry[]): Entry {
  const sheets = entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.fileName));
  return sheets.find((e) => e.fileName === 'xl/worksheets/sheet1.xml') ?? sheets.sort((a, b) => a.fileName.localeCompare(b.fileName))[0] ?? fail('no worksheet');
}

/**
 * The first worksheet's rows that have values. Throws UnreadableFile for anything malformed, and
 * TooManyColumns or TooManyRows (sheet.ts) at the first cell past the limits.
 */
export async function readXlsxRows(file: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip);
    const sheetEntry = firstWorksheet(entries);
    const shared: string[] = [];
    const sharedEntry = entries.find((e) => e.fileName === 'xl/sharedStrings.xml');
    if (sharedEntry) await parsePart(zip, sharedEntry, sharedStrings(shared));
    const sheet = new RowCollector(limits);
    await parsePart(zip, sheetEntry, worksheet(shared, sheet));
    return sheet.rows;
  } finally {
    zip.close();
  }
}
