'use client';

import { Skeleton } from 'antd';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { Segmented } from '@/components/ui/Segmented';
import { useSeen } from '@/lib/client/use-seen';
import { orUpdatePrompt } from '@/lib/client/on-demand';

export interface FigureTable {
  columns: { key: string; title: string; numeric?: boolean }[];
  rows: Record<string, string>[];
}

/** The chart's drawing height; the panels reserve it before their figures arrive (bodies.tsx). */
export const CHART_HEIGHT = 260;

/** A chart's place until it is drawn. */
export const CanvasSkeleton = () => <Skeleton.Node active styles={{ root: { display: 'block' }, content: { width: '100%', height: CHART_HEIGHT } }} />;

// The table view shows only after a switch: antd's Table loads then, not with the dashboard.
const FigureTableView = dynamic(orUpdatePrompt(() => import('./FigureTable').then((m) => m.FigureTable)), { ssr: false });

/**
 * A chart with the same numbers as a table: the canvas (react-chartjs-2 gives it role="img") is
 * named by `summary` for assistive technology, and the table view gives every figure as text.
 */
export function ChartFigure({ summary, table, children, testId }: { summary: string; table: FigureTable; children: ReactNode; testId: string }) {
  const t = useTranslations('dashboard');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const captionId = useId();
  const [seen, place] = useSeen();
  return (
    <figure style={{ margin: 0 }} aria-labelledby={captionId} data-testid={testId}>
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      <Segmented
        label={t('viewAs')}
        value={view}
        onChange={setView}
        options={[
          { value: 'chart', label: t('chart') },
          { value: 'table', label: t('table') },
        ]}
        style={{ marginBottom: 12 }}
      />
      {view === 'chart' ? (
        <div ref={place} style={{ position: 'relative', height: CHART_HEIGHT }}>
          {seen ? children : <CanvasSkeleton />}
        </div>
      ) : (
        <FigureTableView table={table} />
      )}
    </figure>
  );
}
