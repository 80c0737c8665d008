'use client';

import { Descriptions, Drawer } from 'antd';
import type { ComponentType } from 'react';
import { useTranslations } from 'next-intl';
import { CellValue } from '@/components/data-table/CellValue';
import type { CodeTranslator } from '@/lib/list-kit/cells';
import type { ListDefinition } from '@/lib/list-kit/definition';
import type { FilterOptions } from '@/lib/list-kit/narrow';
import { DetailRowsSections } from './DetailRowsSection';
import type { RowActionProps } from './row-actions';

/**
 * A row's details: every field of the row, the list's related rows, and its actions. It is a module
 * of its own so that a list's first load does without the drawer until a row is opened (ListView).
 */
export function DetailDrawer({ definition, row, userId, options, rowActions: Actions, onClose }: { definition: ListDefinition; row: Record<string, unknown> | null; userId: number; options: FilterOptions; rowActions?: ComponentType<RowActionProps>; onClose: () => void }) {
  const t = useTranslations();
  const names = t as unknown as CodeTranslator;
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={t((definition.detailTitle ?? 'table.details') as never)}
      size={definition.detailRows ? 760 : 520}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      extra={Actions && row && <Actions row={row} options={options} onDone={onClose} />}
    >
      {row && (
        <Descriptions column={1} size="small" bordered>
          {(definition.details ?? definition.columns).map((column) => (
            <Descriptions.Item key={column.id} label={t(column.label as never)}>
              <CellValue column={column} row={row} names={names} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {row && definition.detailRows && <DetailRowsSections key={String(row[definition.rowKey])} sections={definition.detailRows} row={row} userId={userId} />}
    </Drawer>
  );
}
