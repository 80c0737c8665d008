import 'server-only';
import { z } from 'zod';
import { csvStream } from '../export/csv';
import type { ExportTable } from '../export/table';
import { XLSX_CONTENT_TYPE, XLSX_MAX_ROWS, xlsxStream } from '../export/xlsx';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { GatewayError } from '../gateway/errors';
import type { CallAnswer } from '../gateway/registry';
import { parseDay, toCompactDay } from '../format/date';
import type { SessionData } from '../session/session';
import { TRANSACTION_COLUMNS, type TransactionRow } from './columns';
import { ExportTotals } from './export-totals';
import { realtimeQuery, transactionFilterSchema, withDefaultDays, type TransactionFilters } from './filters';

export type ExportFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', xlsx: XLSX_CONTENT_TYPE };

/** Rows per upstream call: the call's own maximum unless EXPORT_BATCH_ROWS asks for fewer (less memory, more calls). */
export function batchRows(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.EXPORT_BATCH_ROWS);
  return Number.isInteger(asked) && asked >= 1 && asked <= 5000 ? asked : 5000;
}

const COLUMN_IDS = TRANSACTION_COLUMNS.map((c) => c.id);
const DEFAULT_COLUMNS = TRANSACTION_COLUMNS.filter((c) => !c.optional).map((c) => c.id);

/** The export's own parameters; everything else in the URL is the page's filters. Issue messages are message keys. */
const exportParamsSchema = z.object({
  format: z.enum(['csv', 'xlsx'], 'export.invalidFormat'),
  id: z.uuid('export.invalidId'),
  columns: z
    .string('export.invalidColumns')
    .optional()
    .transform((text) => (text ? [...new Set(text.split(',').map((id) => id.trim()))] : DEFAULT_COLUMNS))
    .pipe(z.array(z.enum(COLUMN_IDS as [string, ...string[]], 'export.invalidColumns')).min(1, 'export.invalidColumns').max(COLUMN_IDS.length)),
});

const OWN_PARAMS = ['format', 'id', 'columns'];

export type ExportRequest =
  | { ok: true; format: ExportFormat; id: string; columns: typeof TRANSACTION_COLUMNS; filters: TransactionFilters }
  | { ok: false; message: string; params?: Record<string, unknown> };

/**
 * The export's parameters and the transactions page's URL filters, checked by the page's own
 * schema (366-day span included); the first problem is answered with its message key.
 */
export function parseExportRequest(search: URLSearchParams, now = new Date()): ExportRequest {
  const single = (name: string) => search.get(name) ?? undefined;
  const own = exportParamsSchema.safeParse(Object.fromEntries(OWN_PARAMS.map((name) => [name, single(name)])));
  if (!own.success) return { ok: false, message: own.error.issues[0]?.message ?? 'gateway.INVALID_INPUT' };
  const filterParams = Object.fromEntries([...search.keys()].filter((k) => !OWN_PARAMS.includes(k)).map((k) => [k, single(k)]));
  const checked = transactionFilterSchema.safeParse(filterParams);
  if (!checked.success) {
    const [first] = checked.error.issues;
    return { ok: false, message: first?.message ?? 'gateway.INVALID_INPUT', params: first && 'params' in first ? first.params : undefined };
  }
  // The page's defaults too: no days means today.
  const filters = withDefaultDays(checked.data, now);
  const columns = own.data.columns.map((id) => TRANSACTION_COLUMNS.find((c) => c.id === id) as (typeof TRANSACTION_COLUMNS)[number]);
  return { ok: true, format: own.data.format, id: own.data.id, columns, filters };
}

/** The realtime query of the filters without its page: the export takes every row of the view, in its order. */
export function exportQuery(filters: TransactionFilters) {
  const { limit: _limit, page: _page, ...query } = realtimeQuery(filters);
  return query;
}

/** transactions_20261101_20261121.csv: the view's days. */
export function exportFileName(filters: TransactionFilters, format: ExportFormat): string {
  const day = (text: string | undefined) => {
    const parsed = parseDay(text);
    return parsed ? toCompactDay(parsed) : '';
  };
  return `transactions_${day(filters.from)}_${day(filters.to)}.${format}`;
}

/** RFC 6266 with the RFC 5987 form for clients that read only filename*. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export class ExportUpstreamError extends Error {
  constructor(readonly error: GatewayError) {
    super(`export: upstream ${error.code}`);
    this.name = 'ExportUpstreamError';
  }
}

type ExportPage = GatewayResult<CallAnswer<'exportTransactions'>>;

/**
 * The view's rows, one upstream call per batch, one call ahead: the next batch is asked for while
 * the file writes the current one, so the service's time and the writing overlap. No call is made
 * once the signal aborted, and the answer of a call in flight at that moment is dropped.
 */
export async function* transactionBatches(
  session: SessionData,
  filters: TransactionFilters,
  { signal, maxRows = Infinity, limit = batchRows() }: { signal: AbortSignal; maxRows?: number; limit?: number },
): AsyncGenerator<TransactionRow[]> {
  const query = exportQuery(filters);
  const fetchAfter = (after: string | undefined, requested: number): Promise<ExportPage> => {
    signal.throwIfAborted();
    return callUpstream('exportTransactions', { ...query, after, limit: Math.min(limit, maxRows - requested) }, session);
  };
  let requested = 0;
  let next: Promise<ExportPage> | undefined = fetchAfter(undefined, 0);
  while (next) {
    const page: ExportPage = await next;
    signal.throwIfAborted();
    if (!page.ok) throw new ExportUpstreamError(page.error);
    const rows = page.data.data as unknown as TransactionRow[];
    requested += rows.length;
    const after: string | undefined = requested < maxRows ? (page.data.next ?? undefined) : undefined;
    next = after ? fetchAfter(after, requested) : undefined;
    // A call started for rows nobody will read must not surface as an unhandled rejection.
    next?.catch(() => undefined);
    if (rows.length > 0) yield rows;
  }
}

interface ExportFile {
  session: SessionData;
  format: ExportFormat;
  columns: typeof TRANSACTION_COLUMNS;
  filters: TransactionFilters;
  signal: AbortSignal;
  t: (key: string) => string;
  /** Told after each batch is handed to the writer. */
  wrote: (rows: number) => Promise<void>;
}

/**
 * The file: a header of the columns' translated labels, each row formatted by the same column
 * definitions as the page's table, then the totals of the rows written (CSV: below a blank line;
 * xlsx: on a second worksheet, since a full first worksheet has no row left for them).
 */
export function exportFile({ session, format, columns, filters, signal, t, wrote }: ExportFile): AsyncGenerator<Uint8Array> {
  const totals = new ExportTotals();
  async function* rows() {
    for await (const batch of transactionBatches(session, filters, { signal, maxRows: format === 'xlsx' ? XLSX_MAX_ROWS : Infinity })) {
      totals.add(batch);
      yield batch.map((row) => columns.map((column) => ({ value: column.value(row), format: column.format })));
      await wrote(batch.length);
    }
  }
  // Pulled only after the last row is written, so the totals count every row of the file.
  function* totalRows() {
    yield totals.rows(t);
  }
  const tables: ExportTable[] = [
    { name: t('export.sheet.transactions'), header: columns.map((c) => t(c.label)), formats: columns.map((c) => c.format), rows: rows() },
    { name: t('export.sheet.totals'), header: ExportTotals.header(t), formats: [undefined, 'count', 'amount'], rows: totalRows() },
  ];
  return format === 'csv' ? csvStream(tables) : xlsxStream(tables);
}
