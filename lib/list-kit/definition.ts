import type { ColumnFormat } from '../data-table/columns';

/**
 * A list screen described as data: its filters, sorts, columns and details. Plain values only (no
 * functions, no zod), so one definition is read by the server page, sent as a prop to the browser's
 * list view, and used by the export route; the zod schema, the URL, the form and the reset are all
 * derived from it (lib/list-kit/schema.ts, url.ts, components/list-kit/*).
 */

/** Where a filter's options come from: lists the page loads for the session (lib/list-kit/options.ts). */
export type OptionSource = 'customers' | 'merchants' | 'stores' | 'terminals';

interface FilterBase {
  /** The URL parameter (and form field). */
  key: string;
  /** Message key of the label. */
  label: string;
  /** A wider field in the form grid (exact keys, long texts). */
  wide?: boolean;
}

export type ListFilter =
  /** A day range kept as `from` and `to` (yyyy-MM-dd); `maxDays` is the spec's span rule. */
  | (FilterBase & { kind: 'days'; maxDays: number; defaultDays: number })
  /** Free text up to `max` characters; `exact` marks a key that finds one record (spec section 6, role 5). */
  | (FilterBase & { kind: 'text'; max: number; exact?: boolean })
  /** A decimal amount (at most 2 decimals); `atLeast` names the filter it may not be below. */
  | (FilterBase & { kind: 'amount'; atLeast?: string })
  /** One of fixed codes, shown by their translated names (`names` is the message prefix). */
  | (FilterBase & { kind: 'code'; codes: readonly string[]; names: string })
  /** One of the session's own merchants, stores, terminals or customers; `within` narrows by another filter. */
  | (FilterBase & { kind: 'option'; source: OptionSource; within?: string });

export interface ListColumn {
  id: string;
  /** Message key of the header. */
  label: string;
  /** The row's field the cell shows. */
  field: string;
  format?: ColumnFormat;
  /** For codes: the message prefix of their names (`paymentType` shows `paymentType.VISA`). */
  names?: string;
  /** The upstream sort key, when the list can sort by this column. */
  sort?: string;
  /**
   * Hidden until the user shows it from the column chooser. The columns without it are the list's
   * essential ones: they fit a 1024 px window in every language (tests/e2e/list-layout.spec.ts), so
   * a list says what each row is without scrolling.
   */
  optional?: boolean;
  /**
   * A name that can be long (a store, a business, a file, a reason): at most three lines in the
   * table, cut with an ellipsis, the whole text on hover and in the details drawer. Every other
   * column keeps its text whole (numbers are never cut; a code's name and a date with its time may
   * wrap at their spaces).
   */
  long?: boolean;
  /**
   * Money going out (a refund, a void, a decrease): the amount is shown with a minus sign when the
   * row's `field` is one of `codes`, in the table, the drawer and the export alike.
   */
  outgoing?: { field: string; codes: readonly string[] };
  /** Kept in view at the right edge while the rest scrolls (amount, status). */
  pinned?: boolean;
  /** For codes: the codes shown as a coloured tag (antd tag colour: `success`, `warning`, `error`, `processing`, `default`). */
  tones?: Record<string, 'success' | 'warning' | 'error' | 'processing' | 'default'>;
}

/**
 * Rows that belong to one row, listed in its details drawer (a settlement file's transactions, a
 * merged remittance's members) through an exposed gateway call (`POST /api/gateway/{call}`).
 * Sections naming the same call and input share one request.
 */
export interface DetailRows {
  id: string;
  /** Message key of the section's heading. */
  title: string;
  /** An exposed gateway call. */
  call: string;
  /** The call's input: input key -> the row's field. */
  input: Record<string, string>;
  /** Input the screen always sends (a WxAli screen's `walletsOnly`). */
  fixed?: Record<string, string | number | boolean>;
  /** The answer's field that holds the rows. */
  rows: string;
  /** Paged by the server: sends `page` and `limit`, reads the answer's `total`. */
  paged?: boolean;
  columns: readonly ListColumn[];
  rowKey: string;
  /** Only rows whose field of this name is truthy have the section (a merged remittance's members). */
  when?: string;
  /** The rows download as the export of this list, with `exportFilters` (filter key -> the row's field) as its values. */
  exportList?: string;
  exportFilters?: Record<string, string>;
}

export interface ListDefinition {
  /** Stable id: the export route's name and the key of each user's column choice. */
  id: string;
  /** Message key of the title (page heading, browser title). */
  title: string;
  /** The menu code the list needs. */
  menu: string;
  /**
   * The list whose drawer shows these rows (a settlement file's transactions): not a screen of its
   * own, so titled by what it holds (its export's sheet) rather than by the menu label.
   */
  partOf?: string;
  filters: readonly ListFilter[];
  sorts: readonly string[];
  defaultSort: string;
  defaultDir: 'asc' | 'desc';
  pageSizes: readonly number[];
  columns: readonly ListColumn[];
  /** Every field, for a row's details drawer (default: the columns). */
  details?: readonly ListColumn[];
  /** Message key of the drawer's title. */
  detailTitle?: string;
  /** Rows of another call that belong to a row, listed in its drawer. */
  detailRows?: readonly DetailRows[];
  /** The field that identifies a row. */
  rowKey: string;
  /** Choices the list's own actions offer (a new account's merchant), loaded as the filters' are. */
  choices?: readonly OptionSource[];
  /** The list has an export route (`/api/export/{id}`). */
  exportable?: boolean;
  /**
   * Rows can be selected (a checkbox each) for the page's actions (components/list-kit/selection.ts):
   * the rows whose `field` is one of `values` (a refund still waiting, say).
   */
  selection?: { field: string; values: readonly string[] };
}

/** What the URL holds: each filter's text, the span's days (`from`, `to`), and the paging and sort. */
export interface ListValues {
  page: number;
  size: number;
  sort: string;
  dir: 'asc' | 'desc';
  [key: string]: string | number | undefined;
}

/** A filter's text in the values (the paging and sort are read by name). */
export function textOf(values: Partial<ListValues>, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An issue found in the URL or the form: the field, its message key and the message's values. */
export interface ListIssue {
  field: string;
  message: string;
  params?: Record<string, string | number>;
}

export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The URL keys of a filter: a span has two. */
export function filterKeys(filter: ListFilter): string[] {
  return filter.kind === 'days' ? ['from', 'to'] : [filter.key];
}

/** The paging and sort a list starts with. */
export function listDefaults(definition: ListDefinition): Pick<ListValues, 'page' | 'size' | 'sort' | 'dir'> {
  return { page: 1, size: definition.pageSizes[0] ?? 10, sort: definition.defaultSort, dir: definition.defaultDir };
}

/** Whether the values name one of the list's exact keys (order, EFT or RRN number, ...). */
export function hasExactKey(definition: ListDefinition, values: Partial<ListValues>): boolean {
  return definition.filters.some((f) => f.kind === 'text' && f.exact && Boolean(textOf(values, f.key)));
}

/** The list's span filter, when it has one. */
export function daysFilter(definition: ListDefinition) {
  return definition.filters.find((f): f is Extract<ListFilter, { kind: 'days' }> => f.kind === 'days');
}

/** Identity with the type checked: a definition module exports `defineList({...})`. */
export const defineList = (definition: ListDefinition): ListDefinition => definition;
