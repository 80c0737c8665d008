import 'server-only';
import type { ColumnFormat } from '../data-table/columns';
import type { ExportRow } from '../export/table';
import type { GatewayResult } from '../gateway/client';
import type { SessionData } from '../session/session';
import type { ListDefinition, ListValues } from './definition';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A summary card, translated and formatted by the server. */
export interface SummaryCard {
  id: string;
  title: string;
  value: string;
}

/** One page of a list and the summary of the whole filtered view. */
export interface ListPage {
  rows: Record<string, unknown>[];
  total: number;
  summary?: SummaryCard[];
}

/** Totals written under an export, counted from the rows actually written. */
export interface ExportAccumulator {
  /** The row fields `add` reads, asked of the upstream beside the columns' own. */
  readonly fields?: readonly string[];
  add(rows: readonly Record<string, unknown>[]): void;
  header(t: Translate): string[];
  formats: readonly (ColumnFormat | undefined)[];
  rows(t: Translate): ExportRow[];
}

export interface ListExport {
  /** How many rows the file will hold, asked before the first byte is written. */
  count(session: SessionData, values: ListValues): Promise<GatewayResult<number>>;
  /**
   * The view's rows in batches, in the view's order; no call once the signal aborted. `t` is the
   * request's translator and `locale` its language (BCP 47 tag), for rows that pick a field by
   * language (role names, a business's Chinese name) as `load` does. `fields` are the fields the
   * file's columns and totals read, for a source that can ask the upstream for only those.
   */
  batches(
    session: SessionData,
    values: ListValues,
    options: { signal: AbortSignal; maxRows: number; t: Translate; locale: string; fields: readonly string[] },
  ): AsyncGenerator<Record<string, unknown>[]>;
  /** The totals under the rows (default: the number of rows). */
  totals?(): ExportAccumulator;
  /** The file's name without its extension (it may ask upstream: a settlement file is named as its file_name). */
  fileName(values: ListValues, session: SessionData): string | Promise<string>;
}

/**
 * The server half of a list: how one definition's values become upstream calls. The page
 * (components/list-kit/ListScreen.tsx) and the export route (app/api/export/[list]) both use it,
 * so the screen and its file always ask for the same rows.
 */
export interface ListSource {
  definition: ListDefinition;
  /**
   * Why this session may not query these values: a stable code (the export route's answer) and a
   * message key (the list shows it as a notice instead of rows).
   */
  refusal?(session: SessionData, values: ListValues): { code: string; message: string } | undefined;
  /** One page and its summary; `t` and `locale` (BCP 47 tag) are the request's, as for `batches`. */
  load(session: SessionData, values: ListValues, t: Translate, locale: string): Promise<GatewayResult<ListPage>>;
  export?: ListExport;
}
