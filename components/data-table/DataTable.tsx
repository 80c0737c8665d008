'use client';

import { CaretDownOutlined, CaretUpOutlined, SettingOutlined } from '@ant-design/icons';
import { columnVisibilityFeature, createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Button, Checkbox, Empty, Flex, Skeleton, theme } from 'antd';
import { useTranslations } from 'next-intl';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import text from '@/components/text/text.module.css';
import { PortalMenu } from '@/components/ui/PortalMenu';
import { isNumeric } from '@/lib/data-table/columns';
import type { CodeTranslator } from '@/lib/list-kit/cells';
import type { ListColumn } from '@/lib/list-kit/definition';
import { CellValue } from './CellValue';
import { Pager } from './Pager';
import styles from './data-table.module.css';
import { useColumnVisibility } from './use-column-visibility';

export interface DataTableProps<Row extends Record<string, unknown>> {
  /** Stable id: the key under which each user's column choice is remembered. */
  tableId: string;
  userId: number;
  columns: readonly ListColumn[];
  rows: Row[];
  rowKey: (row: Row) => string;
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  sort?: { key: string; dir: 'asc' | 'desc' };
  loading?: boolean;
  /** Shown under the rows, aligned with the columns: column id -> text. */
  totals?: Record<string, string>;
  onChange: (change: { page: number; pageSize: number; sort?: { key: string; dir: 'asc' | 'desc' } }) => void;
  /** A page's address, when the table's pages have one (Pager.tsx). */
  pageHref?: (page: number, pageSize: number) => string;
  onRowOpen?: (row: Row) => void;
  toolbar?: ReactNode;
  /** Row selection: the selected rows' keys, their change, and which rows may be selected. */
  selection?: { keys: readonly string[]; onChange: (keys: string[]) => void; allowed: (row: Row) => boolean };
}

// TanStack Table v9: features are registered explicitly; column visibility is the one used here
// (paging and sorting are the server's, driven through the URL).
const features = tableFeatures({ columnVisibilityFeature });

/**
 * The right offsets of pinned columns: each sticks beside the pinned columns after it. They stick
 * only while they leave at least half of the table's width to the other columns: on a phone, total
 * assets' two pinned columns left the rest 31 px of 314, where nothing could be read.
 */
function usePinnedOffsets(pinned: readonly string[], frame: RefObject<HTMLDivElement | null>) {
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const [offsets, setOffsets] = useState<Record<string, number>>({});
  const [stuck, setStuck] = useState(true);
  const key = pinned.join(',');
  useLayoutEffect(() => {
    const measure = () => {
      let right = 0;
      const next: Record<string, number> = {};
      for (const id of [...pinned].reverse()) {
        next[id] = right;
        right += cells.current.get(id)?.offsetWidth ?? 0;
      }
      setOffsets((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
      setStuck(right * 2 <= (frame.current?.clientWidth ?? Infinity));
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const cell of cells.current.values()) observer.observe(cell);
    if (frame.current) observer.observe(frame.current);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pinned ids are compared by value
  }, [key]);
  const register = (id: string) => (cell: HTMLTableCellElement | null) => {
    if (cell) cells.current.set(id, cell);
    else cells.current.delete(id);
  };
  return { offsets, stuck, register };
}

/**
 * The columns that are only partly in view at the moment: under the pinned columns at the right,
 * under the selection column at the left, or cut by the scrolled edge of the table. Their cells
 * show no text until the column is in view whole, so that no column draws over another's text and
 * no number is ever read cut (a pinned column over "1,073.10" left "1,073.1").
 */
function useCutColumns(frame: RefObject<HTMLDivElement | null>, key: string) {
  const [cut, setCut] = useState('');
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    let scheduled = 0;
    const measure = () => {
      scheduled = 0;
      const box = element.getBoundingClientRect();
      const headers = [...element.querySelectorAll<HTMLTableCellElement>('thead th')];
      const edge = (cell: HTMLTableCellElement) => cell.getBoundingClientRect();
      // The visible band between the stuck cells at either side (none stick while the pins are off).
      const left = headers.filter((cell) => cell.dataset.stuck === 'left').reduce((x, cell) => Math.max(x, edge(cell).right), box.left + element.clientLeft);
      const right = headers.filter((cell) => cell.dataset.stuck === 'right').reduce((x, cell) => Math.min(x, edge(cell).left), box.left + element.clientLeft + element.clientWidth);
      const ids = headers
        .filter((cell) => cell.dataset.column && !cell.dataset.stuck)
        .filter((cell) => {
          const r = edge(cell);
          const straddles = (line: number) => r.left < line - 1 && r.right > line + 1;
          return straddles(left) || straddles(right);
        })
        .map((cell) => cell.dataset.column)
        .join(',');
      setCut(ids);
    };
    const schedule = () => {
      if (!scheduled) scheduled = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener('scroll', schedule, { passive: true });
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    for (const cell of element.querySelectorAll('thead th')) observer.observe(cell);
    return () => {
      cancelAnimationFrame(scheduled);
      element.removeEventListener('scroll', schedule);
      observer.disconnect();
    };
  }, [frame, key]);
  return useMemo(() => new Set(cut ? cut.split(',') : []), [cut]);
}

const CELL_CLASSES = { long: styles.long as string, part: styles.part as string };

/** How a cell holds its text: numbers and identifiers whole on one line; a code's name, and a date above its time, may wrap (data-table.module.css). */
const cellClass = (column: ListColumn) => (column.long ? undefined : column.names || column.format === 'timestamp14' ? styles.words : styles.whole);

/**
 * The one list component of the portal: server-side paging and sorting, columns the user can
 * hide (remembered per user), codes by their translated names, a sticky header, the columns that
 * matter (amount, status) pinned at the right edge while the rest scrolls, loading and empty
 * states, a totals row, and a row that opens its details (click or Enter).
 */
export function DataTable<Row extends Record<string, unknown>>({ tableId, userId, columns, rows, rowKey, total, page, pageSize, pageSizes, sort, loading, totals, onChange, pageHref, onRowOpen, toolbar, selection }: DataTableProps<Row>) {
  const t = useTranslations();
  const { token } = theme.useToken();
  const [visibility, setVisible] = useColumnVisibility(tableId, userId, columns);

  const definitions = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return helper.columns(columns.map((column) => helper.accessor((row: Row) => row[column.field] as unknown, { id: column.id })));
  }, [columns]);
  const table = useTable({ features, columns: definitions, data: rows, state: { columnVisibility: visibility } });
  const visible = columns.filter((column) => table.getColumn(column.id)?.getIsVisible());
  // Pinned columns go last, so they can stick to the right edge together.
  const shown = [...visible.filter((c) => !c.pinned), ...visible.filter((c) => c.pinned)];
  const frame = useRef<HTMLDivElement>(null);
  const { offsets, stuck, register } = usePinnedOffsets(shown.filter((c) => c.pinned).map((c) => c.id), frame);
  const firstPinned = shown.find((c) => c.pinned)?.id;
  const names = t as unknown as CodeTranslator;
  // Where a pinned column sticks (its right offset, and the shadow of the first one): none while the pins are off.
  const pinEdge = (column: ListColumn) =>
    column.pinned && stuck ? { right: offsets[column.id] ?? 0, boxShadow: column.id === firstPinned ? `-6px 0 6px -6px ${token.colorBorder}` : undefined } : {};
  const pinStyle = (column: ListColumn, background: string) => (column.pinned && stuck ? { position: 'sticky' as const, background, zIndex: 1, ...pinEdge(column) } : {});
  const cut = useCutColumns(frame, `${shown.map((c) => c.id).join(',')}|${stuck}|${rows.length}|${Boolean(selection)}`);
  // A cell of a column partly in view, its text hidden until the column is whole (useCutColumns).
  const cutClass = (column: ListColumn, own?: string) => (cut.has(column.id) ? [own, styles.cut].filter(Boolean).join(' ') : own);

  const sortBy = (column: ListColumn) => {
    if (!column.sort) return;
    const dir = sort?.key === column.sort && sort.dir === 'desc' ? 'asc' : 'desc';
    onChange({ page: 1, pageSize, sort: { key: column.sort, dir } });
  };

  const selectable = selection ? rows.filter(selection.allowed).map(rowKey) : [];
  const allSelected = selectable.length > 0 && selectable.every((key) => selection?.keys.includes(key));
  const span = shown.length + (selection ? 1 : 0);

  // Sticky cells need an opaque background: the fill tint is laid over the container's colour.
  const headerBackground = `linear-gradient(${token.colorFillSecondary}, ${token.colorFillSecondary}), ${token.colorBgContainer}`;
  // 8 px at either side, antd's small table's: room for one more essential column at 1024 px.
  const cell = { padding: '10px 8px', borderBottom: `1px solid ${token.colorBorderSecondary}` };
  return (
    <div>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <span className={text.secondary} aria-live="polite">
          {t('table.total', { total })}
        </span>
        <Flex gap={8} align="center" justify="end" wrap>
          {toolbar}
          <PortalMenu
            trigger="click"
            // Closed, the menu leaves the page: its hidden checkboxes would otherwise answer to the columns' names.
            content={() => (
              <Flex vertical gap={6} style={{ background: token.colorBgElevated, padding: 12, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}>
                {columns.map((column) => (
                  <Checkbox key={column.id} checked={visibility[column.id] !== false} onChange={(event) => setVisible(column.id, event.target.checked)}>
                    {t(column.label as never)}
                  </Checkbox>
                ))}
              </Flex>
            )}
          >
            <Button icon={<SettingOutlined />}>{t('table.columns')}</Button>
          </PortalMenu>
        </Flex>
      </Flex>
      <div ref={frame} style={{ overflow: 'auto', maxHeight: '70vh', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, background: token.colorBgContainer }}>
        <table data-list={tableId} style={{ width: '100%', borderCollapse: 'separate', borderSpacing: 0, fontSize: token.fontSize }} aria-busy={loading}>
          <thead>
            <tr>
              {selection && (
                <th scope="col" data-stuck="left" style={{ ...cell, position: 'sticky', top: 0, left: 0, zIndex: 3, background: headerBackground, width: 40 }}>
                  <Checkbox
                    aria-label={t('table.selectAll')}
                    checked={allSelected}
                    indeterminate={!allSelected && selection.keys.length > 0}
                    disabled={selectable.length === 0}
                    onChange={(event) => selection.onChange(event.target.checked ? selectable : [])}
                  />
                </th>
              )}
              {shown.map((column) => {
                const sorted = column.sort && sort?.key === column.sort ? sort.dir : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    ref={column.pinned ? register(column.id) : undefined}
                    data-column={column.id}
                    data-stuck={column.pinned && stuck ? 'right' : undefined}
                    className={cutClass(column, styles.header)}
                    style={{ ...cell, position: 'sticky', top: 0, zIndex: column.pinned ? 3 : 2, background: headerBackground, fontWeight: 600, textAlign: isNumeric(column.format) ? 'right' : 'left', ...pinEdge(column) }}
                  >
                    {column.sort ? (
                      <button type="button" onClick={() => sortBy(column)} style={{ all: 'unset', cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                        {t(column.label as never)}
                        {sorted === 'asc' ? <CaretUpOutlined aria-label={t('table.sortAscending')} /> : sorted === 'desc' ? <CaretDownOutlined aria-label={t('table.sortDescending')} /> : null}
                      </button>
                    ) : (
                      t(column.label as never)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
                <tr key={`loading-${i}`}>
                  <td colSpan={span} style={cell}>
                    <Skeleton active title={false} paragraph={{ rows: 1 }} />
                  </td>
                </tr>
              ))}
            {!loading &&
              table.getRowModel().rows.map((row: { original: Row }) => (
                <tr
                  key={rowKey(row.original)}
                  tabIndex={onRowOpen ? 0 : undefined}
                  onClick={onRowOpen ? () => onRowOpen(row.original) : undefined}
                  onKeyDown={onRowOpen ? (event) => event.key === 'Enter' && onRowOpen(row.original) : undefined}
                  style={{ cursor: onRowOpen ? 'pointer' : undefined }}
                  className="portal-row"
                >
                  {selection && (
                    // The checkbox selects (a click beside it still opens the row); kept at the left edge, as the pinned columns are at the right, so a narrow screen still shows what is selected.
                    <td style={{ ...cell, position: 'sticky', left: 0, zIndex: 1, background: token.colorBgContainer }} onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                      {selection.allowed(row.original) && (
                        <Checkbox
                          aria-label={t('table.selectRow')}
                          checked={selection.keys.includes(rowKey(row.original))}
                          onChange={(event) => selection.onChange(event.target.checked ? [...selection.keys, rowKey(row.original)] : selection.keys.filter((k) => k !== rowKey(row.original)))}
                        />
                      )}
                    </td>
                  )}
                  {shown.map((column) => (
                    <td key={column.id} className={cutClass(column, cellClass(column))} style={{ ...cell, textAlign: isNumeric(column.format) ? 'right' : 'left', fontVariantNumeric: 'tabular-nums', ...pinStyle(column, token.colorBgContainer) }}>
                      <CellValue column={column} row={row.original} names={names} table={CELL_CLASSES} />
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
          {totals && rows.length > 0 && !loading && (
            <tfoot>
              <tr>
                {selection && <td style={{ ...cell, position: 'sticky', bottom: 0, background: headerBackground }} />}
                {shown.map((column, index) => (
                  <td key={column.id} className={cutClass(column, styles.whole)} style={{ ...cell, position: 'sticky', bottom: 0, background: headerBackground, fontWeight: 600, textAlign: isNumeric(column.format) ? 'right' : 'left', ...pinStyle(column, headerBackground), zIndex: 2 }}>
                    {totals[column.id] ?? (index === 0 ? t('table.totals') : '')}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
        {!loading && rows.length === 0 && (
          // Below the table and held at the left edge: a phone shows the whole message, not the middle of the table's width.
          <div style={{ position: 'sticky', left: 0, padding: 32 }}>
            <Empty description={t('table.empty')} />
          </div>
        )}
      </div>
      {/* A table shown whole (a drawer's few rows) has no pages to choose and no page size to offer. */}
      {(pageSizes.length > 1 || total > pageSize) && (
        <Flex justify="end" style={{ marginTop: 12 }}>
          <Pager page={page} pageSize={pageSize} total={total} pageSizes={pageSizes} href={pageHref} onChange={(next, size) => onChange({ page: next, pageSize: size, sort })} />
        </Flex>
      )}
    </div>
  );
}
