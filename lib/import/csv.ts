import { RowCollector, type SheetLimits, type SheetRow } from './sheet';

/**
 * Reads RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into the rows that have values,
 * under the template's limits (sheet.ts). A byte order mark is dropped, and the leading apostrophe
 * the portal's own CSV puts before formula-like text is not removed (an upload is read as typed).
 * One pass over the text: a field ends at a separator, whatever its length.
 */
export function readCsvRows(text: string, limits: SheetLimits): SheetRow[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const sheet = new RowCollector(limits);
  let line = 1;
  let column = 0;
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const endField = () => {
    sheet.cell(column++, field);
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = fieldStarted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endField();
      sheet.endRow(line++);
      column = 0;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (fieldStarted || field !== '' || column > 0) {
    endField();
    sheet.endRow(line);
  }
  return sheet.rows;
}
