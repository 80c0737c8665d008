'use client';

import { Table } from 'antd';
import type { FigureTable as Figures } from './ChartFigure';

/** A chart's figures as a table (the view a user switches to). */
export function FigureTable({ table }: { table: Figures }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(row) => row[table.columns[0]?.key ?? ''] ?? ''}
      dataSource={table.rows}
      columns={table.columns.map((c) => ({ key: c.key, dataIndex: c.key, title: c.title, align: c.numeric ? 'right' : 'left' }))}
    />
  );
}
