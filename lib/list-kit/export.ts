import 'server-only';
import { z } from 'zod';
import { csvStream } from '../export/csv';
import type { ExportRow, ExportTable } from '../export/table';
import { XLSX_CONTENT_TYPE, XLSX_MAX_ROWS, xlsxStream } from '../export/xlsx';
import type { GatewayResult } from '../gateway/client';
import { GatewayFault } from '../gateway/errors';
import type { SessionData } from '../session/session';
import { withLocalNames } from '../i18n/names';
import { cellText, columnValue, rememberingNames, type CodeTranslator } from './cells';
import type { ListColumn, ListDefinition, ListValues } from './definition';
import { parseListValues } from './schema';
import type { ExportAccumulator, ListExport, Translate } from './source';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', xlsx: XLSX_CONTENT_TYPE };

/** Rows per upstream call of a paged export (a settlement file's): the call's own maximum unless EXPORT_BATCH_ROWS asks for fewer (less memory, more calls). */
export function batchRows(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.EXPORT_BATCH_ROWS);
  return Number.isInteger(asked) && asked >= 1 && asked <= 5000 ? asked : 5000;
}

/** The export's own parameters; everything else in the URL is the list's values. */
const OWN_PARAMS = ['format', 'id', 'columns'];

export type ExportRequest =
  | { ok: true; format: ExportFormat; id: string; columns: ListColumn[]; values: ListValues }
  | { ok: false; message: string; params?: Record<string, string | number> };

/**
 * An export's parameters and the list's URL values, checked by the list's own schema (its span rule
 * included); the first problem is answered with its message key. `columns` keeps the order given
 * (default: the columns the list shows before anyone chooses).
 */
export function parseExportRequest(definition: ListDefinition, search: URLSearchParams, now = new Date()): ExportRequest {
  const ids = definition.columns.map((c) => c.id) as [string, ...string[]];
  const own = z
    .object({
      format: z.enum(['csv', 'xlsx'], 'export.invalidFormat'),
      id: z.uuid('export.invalidId'),
      columns: z
        .string('export.invalidColumns')
        .optional()
        .transform((text) => (text ? [...new Set(text.split(',').map((id) => id.trim()))] : definition.columns.filter((c) => !c.optional).map((c) => c.id)))
        .pipe(z.array(z.enum(ids, 'export.invalidColumns')).min(1, 'export.invalidColumns').max(ids.length)),
    })
    .safeParse(Object.fromEntries(OWN_PARAMS.map((name) => [name, search.get(name) ?? undefined])));
  if (!own.success) return { ok: false, message: own.error.issues[0]?.message ?? 'gateway.INVALID_INPUT' };
  const listParams = new URLSearchParams([...search].filter(([key]) => !OWN_PARAMS.includes(key)));
  const { values, issues } = parseListValues(definition, listParams, now);
  if (issues.length > 0) return { ok: false, message: issues[0]?.message ?? 'gateway.INVALID_INPUT', params: issues[0]?.params };
  const columns = own.data.columns.map((id) => definition.columns.find((c) => c.id === id) as ListColumn);
  return { ok: true, format: own.data.format, id: own.data.id, columns, values };
}

/** RFC 6266 with the RFC 5987 form for clients that read only filename*. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The default totals of a file: how many rows it holds. */
export function rowCount(): ExportAccumulator {
  let count = 0;
  return {
    add: (rows) => void (count += rows.length),
    header: (t) => [t('export.totals.summary'), t('export.totals.count')],
    formats: [undefined, 'count'],
    rows: (t): ExportRow[] => [[{ value: t('export.totals.rows') }, { value: count, format: 'count' }]],
  };
}

interface ExportFile {
  session: SessionData;
  /** The first worksheet's name: the list's title. */
  sheet: string;
  source: ListExport;
  format: ExportFormat;
  columns: readonly ListColumn[];
  values: ListValues;
  signal: AbortSignal;
  t: Translate & CodeTranslator;
  /** The request's language (BCP 47 tag), for rows that pick a field by language. */
  locale: string;
  /** Told after each batch is handed to the writer. */
  wrote: (rows: number) => Promise<void>;
}

/**
 * The file: a header of the columns' translated labels, each row shown by the same columns as the
 * page's table (codes by their names), then the totals of the rows written (CSV: below a blank line;
 * xlsx: on a second worksheet, since a full first worksheet has no row left for them).
 */
export function exportFile({ session, sheet, source, format, columns, values, signal, t, locale, wrote }: ExportFile): AsyncGenerator<Uint8Array> {
  const totals = source.totals?.() ?? rowCount();
  const names = rememberingNames(t);
  // A column's sign reads another field (an amount's type), which the file needs even when it has no column of its own.
  const fields = [...new Set([...columns.flatMap((c) => (c.outgoing ? [c.field, c.outgoing.field] : [c.field])), ...(totals.fields ?? [])])];
  async function* rows() {
    for await (const answered of source.batches(session, values, { signal, maxRows: format === 'xlsx' ? XLSX_MAX_ROWS : Infinity, t, locale, fields })) {
      // Names as the page shows them: one per language (lib/i18n/names.ts).
      const batch = answered.map((row) => withLocalNames(locale, row));
      totals.add(batch);
      yield batch.map((row): ExportRow => columns.map((column) => (column.names ? { value: cellText(column, row, names) } : { value: columnValue(column, row) as string | number | null | undefined, format: column.format })));
      await wrote(batch.length);
    }
  }
  // Pulled only after the last row is written, so the totals count every row of the file.
  function* totalRows() {
    yield totals.rows(t);
  }
  const tables: ExportTable[] = [
    { name: sheet, header: columns.map((c) => t(c.label)), formats: columns.map((c) => (c.names ? 'text' : c.format)), rows: rows() },
    { name: t('export.sheet.totals'), header: totals.header(t), formats: totals.formats, rows: totalRows() },
  ];
  return format === 'csv' ? csvStream(tables) : xlsxStream(tables);
}

/**
 * Batches of a list whose upstream call pages by number (small views: accounts, the activity log),
 * `limit` rows a call, in the view's order; no call once the signal aborted. Long views page by a
 * keyset cursor instead (transactions).
 */
export async function* numberedPages(
  fetchPage: (page: number, limit: number) => Promise<GatewayResult<{ rows: Record<string, unknown>[]; totalPage: number }>>,
  { signal, maxRows }: { signal: AbortSignal; maxRows: number },
  limit: number,
): AsyncGenerator<Record<string, unknown>[]> {
  for (let page = 1, read = 0; read < maxRows; page += 1) {
    signal.throwIfAborted();
    const answer = await fetchPage(page, limit);
    signal.throwIfAborted();
    if (!answer.ok) throw new GatewayFault(answer.error);
    const rows = answer.data.rows.slice(0, maxRows - read);
    read += rows.length;
    if (rows.length > 0) yield rows;
    if (page >= answer.data.totalPage) return;
  }
}

/**
 * `count` and `batches` of a list whose one upstream call pages by number and answers `total` and
 * `totalPage`: the count asks for one row, the batches read `limit` rows a call, each page's rows
 * shaped by `rows` (names in the user's language, say) as the list's `load` shapes them.
 */
export function pagedExport<A extends { total: number; totalPage: number }>(
  fetchPage: (session: SessionData, values: ListValues, limit: number, page: number) => Promise<GatewayResult<A>>,
  rows: (answer: A, t: Translate, locale: string) => Record<string, unknown>[],
  limit: number,
): Pick<ListExport, 'count' | 'batches'> {
  return {
    async count(session, values) {
      const answer = await fetchPage(session, values, 1, 1);
      return answer.ok ? { ...answer, data: answer.data.total } : answer;
    },
    batches: (session, values, options) =>
      numberedPages(async (page, size) => {
        const answer = await fetchPage(session, values, size, page);
        return answer.ok ? { ...answer, data: { rows: rows(answer.data, options.t, options.locale), totalPage: answer.data.totalPage } } : answer;
      }, options, limit),
  };
}
