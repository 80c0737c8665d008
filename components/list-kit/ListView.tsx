'use client';

import { Alert, Flex } from 'antd';
import dynamic from 'next/dynamic';
import { useState, type ComponentType, type ReactNode } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { useColumnVisibility } from '@/components/data-table/use-column-visibility';
import { FitStatistic } from '@/components/ui/FitStatistic';
import { Surface } from '@/components/ui/Surface';
import { useOpenedOnce } from '@/lib/client/use-opened-once';
import { usePreloadWhenIdle } from '@/lib/client/use-preload';
import { listDefaults, type ListDefinition, type ListIssue, type ListValues } from '@/lib/list-kit/definition';
import type { FilterOptions } from '@/lib/list-kit/narrow';
import { listSearch } from '@/lib/list-kit/url';
import { ExportButton } from './ExportButton';
import { FilterIsland } from './FilterIsland';
import type { RowActionProps } from './row-actions';
import styles from './list-view.module.css';
import { ListSelectionContext } from './selection';
import { useListNavigation } from './use-list-navigation';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// A row's drawer loads when the browser is idle after the page, or at the first opening if that comes first.
const loadDetailDrawer = () => import('./DetailDrawer').then((m) => m.DetailDrawer);
const DetailDrawer = dynamic(orUpdatePrompt(loadDetailDrawer), { ssr: false });

/** One page of the list as the server loaded it, with its summary cards already translated. */
export interface ListResult {
  rows: Record<string, unknown>[];
  total: number;
  summary?: { id: string; title: string; value: string }[];
}

export interface ListViewProps {
  definition: ListDefinition;
  userId: number;
  values: ListValues;
  issues: ListIssue[];
  options: FilterOptions;
  result: ListResult | null;
  /** A failure of the list's call, translated. */
  error?: string;
  /** Why the list was not queried (a role's rule), translated. */
  notice?: string;
  /** The page's actions in the table's toolbar; they read the selected rows with useListSelection. */
  actions?: ReactNode;
  /** The list's own actions (edit, activate, ...): in the toolbar with no row ("new ..."), and in a row's details. */
  rowActions?: ComponentType<RowActionProps>;
  /** URL parameters every search keeps (the tab of a page with several lists, components/list-kit/ListTabs.tsx). */
  keep?: Record<string, string>;
}

/**
 * A list screen in the browser: the filter form, the summary of the filtered view, the table with
 * server paging and sorting, a row's details, and the export of the view. Everything it shows comes
 * from the URL, so a view can be bookmarked, shared, and found again with back and forward.
 */
export function ListView({ definition, userId, values, issues, options, result, error, notice, actions, rowActions: Actions, keep }: ListViewProps) {
  const navigation = useListNavigation();
  const { loading } = navigation;
  const kept = new URLSearchParams(keep).toString();
  const withKept = (search: string) => [kept, search].filter(Boolean).join('&');
  const go = (search: string) => navigation.go(withKept(search));
  const [detail, setDetail] = useState<Record<string, unknown> | null>(null);
  // Once opened, the drawer stays mounted so that it can play its closing motion.
  const drawerMounted = useOpenedOnce(detail !== null);
  usePreloadWhenIdle(loadDetailDrawer);
  const [visibility] = useColumnVisibility(definition.id, userId, definition.columns);
  const search = listSearch(definition, values);
  // Selected row keys; a new result (another page, a search, a refresh after an action) starts empty.
  const [selection, setSelection] = useState<{ of: unknown; keys: string[] }>({ of: result, keys: [] });
  const selectedKeys = selection.of === result ? selection.keys : [];
  const keyOf = (row: Record<string, unknown>) => String(row[definition.rowKey]);
  const selectable = definition.selection;
  const selected = { rows: (result?.rows ?? []).filter((row) => selectedKeys.includes(keyOf(row))), clear: () => setSelection({ of: result, keys: [] }) };

  return (
    <ListSelectionContext value={selected}>
    <Flex vertical gap={16}>
      <FilterIsland formKey={search} definition={definition} values={values} issues={issues} options={options} loading={loading} expanded={Boolean(notice)} onSearch={(next) => go(listSearch(definition, next))} onReset={() => go('')} />
      {notice && <Alert type="info" showIcon title={notice} />}
      {error && <Alert type="error" showIcon title={error} />}
      {result?.summary && (
        <div className={styles.summary}>
          {result.summary.map((card) => (
            <Surface key={card.id} data-testid={`summary-${card.id}`}>
              <FitStatistic title={card.title} value={card.value} />
            </Surface>
          ))}
        </div>
      )}
      {result && (
        <Surface>
          <DataTable
            tableId={definition.id}
            userId={userId}
            columns={definition.columns}
            rows={result.rows}
            rowKey={keyOf}
            selection={selectable && { keys: selectedKeys, onChange: (keys) => setSelection({ of: result, keys }), allowed: (row) => selectable.values.includes(String(row[selectable.field])) }}
            total={result.total}
            page={values.page}
            pageSize={values.size}
            pageSizes={definition.pageSizes}
            sort={{ key: values.sort, dir: values.dir }}
            loading={loading}
            onChange={({ page, pageSize, sort }) => go(listSearch(definition, { ...values, page, size: pageSize, sort: sort?.key ?? values.sort, dir: sort?.dir ?? values.dir }))}
            pageHref={(page, size) => `?${withKept(listSearch(definition, { ...values, page, size }))}`}
            onRowOpen={setDetail}
            toolbar={
              <Flex gap={8} wrap>
                {Actions && <Actions row={null} options={options} onDone={() => setDetail(null)} />}
                {actions}
                {definition.exportable && (
                  <ExportButton
                    list={definition.id}
                    search={listSearch(definition, { ...values, page: listDefaults(definition).page })}
                    columns={definition.columns.filter((c) => visibility[c.id] !== false).map((c) => c.id)}
                    disabled={result.total === 0}
                  />
                )}
              </Flex>
            }
          />
        </Surface>
      )}
      {drawerMounted && <DetailDrawer definition={definition} row={detail} userId={userId} options={options} rowActions={Actions} onClose={() => setDetail(null)} />}
    </Flex>
    </ListSelectionContext>
  );
}
