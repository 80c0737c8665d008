'use client';

import { CaretDownOutlined, CaretUpOutlined, SettingOutlined } from '@ant-design/icons';
import { columnVisibilityFeature, createColumnHelper, tableFeatures, useTable, type RowData } from '@tanstack/react-table';
import { Button, Checkbox, Dropdown, Empty, Flex, Pagination, Skeleton, theme, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { formatCell, isNumeric, type DataColumn } from '@/lib/data-table/columns';
import { useColumnVisibility } from './use-column-visibility';

export interface DataTableProps<Row extends RowData> {
  /** Stable id: the key under which each user's column choice is remembered. */
  tableId: string;
  userId: number;
  columns: DataColumn<Row>[];
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
  onRowOpen?: (row: Row) => void;
  toolbar?: ReactNode;
}

// TanStack Table v9: features are registered explicitly; column visibility is the one used here
// (paging and sorting are the server's, driven through the URL).
const features = tableFeatures({ columnVisibilityFeature });

/**
 * The one list component of the portal: server-side paging and sorting, columns the user can
 * hide (remembered per user), a sticky header, loading and empty states, a totals row, and a row
 * that opens its details (click or Enter).
 */
export function DataTable<Row extends RowData>({ tableId, userId, columns, rows, rowKey, total, page, pageSize, pageSizes, sort, loading, totals, onChange, onRowOpen, toolbar }: DataTableProps<Row>) {
  const t = useTranslations();
  const { token } = theme.useToken();
  const [visibility, setVisible] = useColumnVisibility(tableId, userId, columns);

  const definitions = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return helper.columns(columns.map((column) => helper.accessor((row: Row) => column.value(row), { id: column.id })));
  }, [columns]);
  const table = useTable({ features, columns: definitions, data: rows, state: { columnVisibility: visibility } });
  const shown = columns.filter((column) => table.getColumn(column.id)?.getIsVisible());

  const sortBy = (column: DataColumn<Row>) => {
    if (!column.sort) return;
    const dir = sort?.key === column.sort && sort.dir === 'desc' ? 'asc' : 'desc';
    onChange({ page: 1, pageSize, sort: { key: column.sort, dir } });
  };

  const cell = { padding: '10px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}`, whiteSpace: 'nowrap' as const };
  return (
    <div>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" aria-live="polite">
          {t('table.total', { total })}
        </Typography.Text>
        <Flex gap={8} align="center">
          {toolbar}
          <Dropdown
            trigger={['click']}
            popupRender={() => (
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
          </Dropdown>
        </Flex>
      </Flex>
      <div style={{ overflow: 'auto', maxHeight: '70vh', border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, background: token.colorBgContainer }}>
        <table style={{ width: '100%', borderCollapse: 'separate', borderSpacing: 0, fontSize: token.fontSize }} aria-busy={loading}>
          <thead>
            <tr>
              {shown.map((column) => {
                const sorted = column.sort && sort?.key === column.sort ? sort.dir : undefined;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    style={{ ...cell, position: 'sticky', top: 0, zIndex: 1, background: token.colorFillAlter, fontWeight: 600, textAlign: isNumeric(column.format) ? 'right' : 'left' }}
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
                  <td colSpan={shown.length} style={cell}>
                    <Skeleton active title={false} paragraph={{ rows: 1 }} />
                  </td>
                </tr>
              ))}
            {!loading && rows.length === 0 && (
              <tr>
                <td colSpan={shown.length} style={{ padding: 32 }}>
                  <Empty description={t('table.empty')} />
                </td>
              </tr>
            )}
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
                  {shown.map((column) => (
                    <td key={column.id} style={{ ...cell, textAlign: isNumeric(column.format) ? 'right' : 'left', fontVariantNumeric: 'tabular-nums' }}>
                      {formatCell(column.value(row.original), column.format)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
          {totals && rows.length > 0 && !loading && (
            <tfoot>
              <tr>
                {shown.map((column, index) => (
                  <td key={column.id} style={{ ...cell, position: 'sticky', bottom: 0, background: token.colorFillAlter, fontWeight: 600, textAlign: isNumeric(column.format) ? 'right' : 'left' }}>
                    {totals[column.id] ?? (index === 0 ? t('table.totals') : '')}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <Flex justify="end" style={{ marginTop: 12 }}>
        <Pagination current={page} pageSize={pageSize} total={total} pageSizeOptions={pageSizes.map(String)} showSizeChanger onChange={(next, size) => onChange({ page: size === pageSize ? next : 1, pageSize: size, sort })} />
      </Flex>
    </div>
  );
}
