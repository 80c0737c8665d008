import type { ColumnFormat } from '../data-table/columns';
import { EMPTY_VALUE } from '../format/money';
import { parseDecimal } from '../format/decimal';
import { columnName } from '../import/sheet';
import { cellText, type ExportCell, type ExportTable } from './table';
import { zipStream, type ZipEntry } from './zip';

/** A worksheet holds 1 048 576 rows: the header and at most this many rows below it. */
export const XLSX_MAX_ROWS = 1_048_575;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles of styles.xml, by index: plain, bold header, amount (#,##0.00), count (#,##0). */
const STYLE = { plain: 0, header: 1, amount: 2, count: 3 } as const;

const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Characters XML 1.0 cannot hold (controls, lone surrogates, U+FFFE/F) are dropped: one would make the file unreadable. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
function sheetName(name: string, index: number): string {
  const clean = name.replace(/[[\]:*?/\\]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31);
  return clean || `Sheet${index + 1}`;
}

/**
 * Inline strings, not a shared-string table: a shared table must be complete before the sheets
 * that point into it, so a streamed workbook would have to hold every distinct string. Inline
 * strings are never read as formulas either.
 */
function textCell(ref: string, text: string, style: number = STYLE.plain): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

/**
 * Amounts and counts are numeric cells written from their exact decimal text (never through a
 * float here), with the display format of their column; a value the data table would show as "-"
 * is that text.
 */
function cell(ref: string, value: ExportCell): string {
  const shown = cellText(value);
  if ((value.format === 'amount' || value.format === 'count') && shown !== EMPTY_VALUE) {
    const exact = parseDecimal(value.value);
    if (exact) return `<c r="${ref}" s="${value.format === 'amount' ? STYLE.amount : STYLE.count}"><v>${exact.toFixed()}</v></c>`;
  }
  return textCell(ref, shown);
}

const WIDTHS: Partial<Record<ColumnFormat, number>> = { timestamp14: 20, amount: 16, day8: 12 };

/** Wide enough for the header (CJK characters take two) and the column's format. */
function columnWidth(label: string, format: ColumnFormat | undefined): number {
  const shown = [...label].reduce((width, char) => width + (char.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  return Math.min(Math.max(shown + 3, WIDTHS[format ?? 'text'] ?? 14), 60);
}

/**
 * Worksheet text is handed to the deflater in pieces of about this many characters; the deflater
 * encodes each straight into its own input buffer. Encoding them into byte chunks here first (as
 * the CSV does) made a second copy and raised the xlsx's peak (docs/performance.md, "The export's
 * memory"); a piece a row cost 12 % of the rows per second.
 */
const PIECE_CHARS = 64 * 1024;

/** A worksheet's XML, pulled row batch by row batch: bold header frozen above the rows. */
async function* worksheet(table: ExportTable): AsyncGenerator<string> {
  const columns = table.header.map((_, i) => columnName(i));
  const widths = table.header.map((label, i) => `<col min="${i + 1}" max="${i + 1}" width="${columnWidth(label, table.formats?.[i])}" customWidth="1"/>`).join('');
  let buffer =
    `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${OFFICE_RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `${widths ? `<cols>${widths}</cols>` : ''}<sheetData>` +
    `<row r="1">${table.header.map((label, i) => textCell(`${columns[i]}1`, label, STYLE.header)).join('')}</row>`;
  let row = 1;
  for await (const batch of table.rows) {
    for (const cells of batch) {
      if (++row > XLSX_MAX_ROWS + 1) throw new RangeError(`xlsx: a worksheet holds at most ${XLSX_MAX_ROWS} rows below its header`);
      buffer += `<row r="${row}">${cells.map((value, i) => cell(`${columns[i] ?? columnName(i)}${row}`, value)).join('')}</row>`;
      if (buffer.length >= PIECE_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
  }
  yield `${buffer}</sheetData></worksheet>`;
}

/**
 * The tables as an xlsx workbook, one worksheet per table, streamed: the ZIP is written as it
 * goes and each table's rows are pulled only as fast as the file is read.
 */
export function xlsxStream(tables: readonly ExportTable[], modified = new Date()): AsyncGenerator<Uint8Array> {
  const names = tables.map((table, i) => escapeXml(sheetName(table.name, i)));
  const sheetPaths = tables.map((_, i) => `worksheets/sheet${i + 1}.xml`);
  const parts: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      content: [
        `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
          sheetPaths.map((path) => `<Override PartName="/xl/${path}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
          '</Types>',
      ],
    },
    {
      name: '_rels/.rels',
      content: [`${XML_DECLARATION}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    },
    {
      name: 'xl/workbook.xml',
      content: [
        `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELATIONSHIPS}"><sheets>` +
          names.map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
          '</sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        `${XML_DECLARATION}<Relationships xmlns="${RELATIONSHIPS}">` +
          sheetPaths.map((path, i) => `<Relationship Id="rId${i + 1}" Type="${OFFICE_RELATIONSHIPS}/worksheet" Target="${path}"/>`).join('') +
          `<Relationship Id="rId${tables.length + 1}" Type="${OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
      ],
    },
    { name: 'xl/styles.xml', content: [STYLES] },
    ...tables.map((table, i) => ({ name: `xl/${sheetPaths[i]}`, content: worksheet(table) })),
  ];
  return zipStream(parts, modified);
}
