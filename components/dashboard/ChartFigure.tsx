'use client';

import { Segmented, Table } from 'antd';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';

export interface FigureTable {
  columns: { key: string; title: string; numeric?: boolean }[];
  rows: Record<string, string>[];
}

/**
 * A chart with the same numbers as a table: the canvas (react-chartjs-2 gives it role="img") is
 * named by `summary` for assistive technology, and the table view gives every figure as text.
 */
export function ChartFigure({ summary, table, children, testId }: { summary: string; table: FigureTable; children: ReactNode; testId: string }) {
  const t = useTranslations('dashboard');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const captionId = useId();
  return (
    <figure style={{ margin: 0 }} aria-labelledby={captionId} data-testid={testId}>
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      <Segmented
        size="small"
        aria-label={t('viewAs')}
        value={view}
        onChange={(value) => setView(value as 'chart' | 'table')}
        options={[
          { value: 'chart', label: t('chart') },
          { value: 'table', label: t('table') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {view === 'chart' ? (
        <div style={{ position: 'relative', height: 260 }}>
          {children}
        </div>
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey={(row) => row[table.columns[0]?.key ?? ''] ?? ''}
          dataSource={table.rows}
          columns={table.columns.map((c) => ({ key: c.key, dataIndex: c.key, title: c.title, align: c.numeric ? 'right' : 'left' }))}
        />
      )}
    </figure>
  );
}
