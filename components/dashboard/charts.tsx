'use client';

import type { Scale, TooltipItem } from 'chart.js';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { axisAmount, axisLetters, CHART_PALETTE, plotValue, shortDay, storeAxisLabels, valueAxisMin, type DayFigure } from '@/lib/dashboard/figures';
import { formatAmount, formatCount, formatMoney } from '@/lib/format/money';
import { CanvasSkeleton, ChartFigure } from './ChartFigure';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// A canvas has nothing to show before the browser draws it, so Chart.js loads after the page is
// interactive (and a chart once it is scrolled to, ChartFigure) rather than with it; a skeleton holds
// the chart's place meanwhile.
const Line = dynamic(orUpdatePrompt(() => import('./canvases').then((m) => m.Line)), { ssr: false, loading: CanvasSkeleton });
const Bar = dynamic(orUpdatePrompt(() => import('./canvases').then((m) => m.Bar)), { ssr: false, loading: CanvasSkeleton });
const Doughnut = dynamic(orUpdatePrompt(() => import('./canvases').then((m) => m.Doughnut)), { ssr: false, loading: CanvasSkeleton });

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

type Item = TooltipItem<'line' | 'bar' | 'doughnut'>;

/** Options every chart shares; tooltips read the decimal text, so they show HKD with 2 decimals exactly. */
function baseOptions(label: (item: Item) => string, title?: (items: Item[]) => string) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: reducedMotion() ? (false as const) : undefined,
    plugins: { legend: { position: 'bottom' as const }, tooltip: { callbacks: { label, ...(title ? { title } : {}) } } },
  };
}

/**
 * The axis of amounts: from zero unless a value is below it, its round steps shown whole in the
 * reader's language, never turned (Chart.js turned long ticks on their side and ran them into each
 * other at 1440 and 390 px), and as many as fit side by side with room between them.
 */
const amountAxis = (values: readonly number[], locale: string) => ({
  min: valueAxisMin(values),
  ticks: { callback: (value: string | number) => axisAmount(Number(value), locale), maxRotation: 0, autoSkip: true, autoSkipPadding: 16 },
});

export function CurveChart({ current, previous, summary }: { current: DayFigure[]; previous: DayFigure[]; summary: string }) {
  const t = useTranslations('dashboard');
  const locale = useLocale();
  const series = [
    { label: t('curve.current'), days: current, colour: CHART_PALETTE[0], dash: [] },
    { label: t('curve.previous'), days: previous, colour: CHART_PALETTE[1], dash: [6, 4] },
  ];
  const base = baseOptions(
    (item) => `${item.dataset.label}: ${formatMoney(series[item.datasetIndex]?.days[item.dataIndex]?.amount)}`,
    (items) => items.map((item) => shortDay(series[item.datasetIndex]?.days[item.dataIndex]?.day ?? '')).join(' / '),
  );
  return (
    <ChartFigure
      testId="chart-curve"
      summary={summary}
      table={{
        columns: [
          { key: 'day', title: t('curve.day') },
          { key: 'current', title: t('curve.currentAmount'), numeric: true },
          { key: 'previous', title: t('curve.previousAmount'), numeric: true },
        ],
        rows: current.map((day, i) => ({ day: `${shortDay(day.day)} / ${shortDay(previous[i]?.day ?? '')}`, current: formatAmount(day.amount), previous: formatAmount(previous[i]?.amount) })),
      }}
    >
      <Line
        aria-label={summary}
        data={{
          // The x axis is the position in the week; each point's own day is in its tooltip title.
          labels: current.map((day) => shortDay(day.day)),
          // Monotone curves never swing past their points: a day of zero is not drawn below zero.
          datasets: series.map((s) => ({ label: s.label, data: s.days.map((d) => plotValue(d.amount)), borderColor: s.colour, backgroundColor: s.colour, borderDash: s.dash, cubicInterpolationMode: 'monotone' as const })),
        }}
        options={{
          ...base,
          plugins: { ...base.plugins, legend: { position: 'bottom', labels: { usePointStyle: true, pointStyle: 'line' } } },
          scales: { y: amountAxis([...current, ...previous].map((d) => plotValue(d.amount)), locale), x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } } },
        }}
      />
    </ChartFigure>
  );
}

/** A named figure of a chart; balances (total assets) have an amount and no count. */
export interface NamedFigure {
  key: string;
  label: string;
  count?: number;
  amount: string;
}

function tableOf(rows: NamedFigure[], nameTitle: string, t: ReturnType<typeof useTranslations<'dashboard'>>) {
  const counted = rows.every((row) => row.count !== undefined);
  return {
    columns: [
      { key: 'name', title: nameTitle },
      ...(counted ? [{ key: 'count', title: t('count'), numeric: true }] : []),
      { key: 'amount', title: t('amount'), numeric: true },
    ],
    rows: rows.map((row) => ({ name: row.label, ...(counted ? { count: formatCount(row.count) } : {}), amount: formatAmount(row.amount) })),
  };
}

export function TopStoresChart({ rows, summary }: { rows: NamedFigure[]; summary: string }) {
  const t = useTranslations('dashboard');
  const locale = useLocale();
  const values = rows.map((r) => plotValue(r.amount));
  // The axis names each bar on up to two lines that tell the stores apart (lib/dashboard/figures.ts);
  // the bars' own labels, which the tooltip's title shows, stay whole.
  const storeLabels = (chartWidth: number) => storeAxisLabels(rows.map((r) => ({ name: r.label, code: r.key })), axisLetters(chartWidth));
  return (
    <ChartFigure testId="chart-topStores" summary={summary} table={tableOf(rows, t('topStores.store'), t)}>
      <Bar
        aria-label={summary}
        data={{ labels: rows.map((r) => r.label), datasets: [{ label: t('amount'), data: values, backgroundColor: CHART_PALETTE[0] }] }}
        options={{
          ...baseOptions((item) => `${formatMoney(rows[item.dataIndex]?.amount)} · ${formatCount(rows[item.dataIndex]?.count)}`),
          indexAxis: 'y',
          scales: {
            x: amountAxis(values, locale),
            y: { ticks: { autoSkip: false, callback(this: Scale, _: unknown, index: number) { return storeLabels(this.chart.width)[index] ?? ''; } } },
          },
        }}
      />
    </ChartFigure>
  );
}

/**
 * A slice's size: a share of a whole is drawn for what adds to it. Chart.js draws a negative value as
 * a positive slice, so a payment type whose refunds exceed its sales (a negative net) gets none; the
 * chart's table view still gives its net.
 */
const sliceOf = (amount: string) => Math.max(0, plotValue(amount));

/** A doughnut of shares: `measure` says whether slices are transaction counts or net amounts. */
export function ShareChart({ rows, summary, nameTitle, measure, testId }: { rows: NamedFigure[]; summary: string; nameTitle: string; measure: 'count' | 'amount'; testId: string }) {
  const t = useTranslations('dashboard');
  return (
    <ChartFigure testId={testId} summary={summary} table={tableOf(rows, nameTitle, t)}>
      <Doughnut
        aria-label={summary}
        data={{
          labels: rows.map((r) => r.label),
          datasets: [{ label: t(measure), data: rows.map((r) => (measure === 'count' ? (r.count ?? 0) : sliceOf(r.amount))), backgroundColor: rows.map((_, i) => CHART_PALETTE[i % CHART_PALETTE.length]) }],
        }}
        options={baseOptions((item) => {
          const row = rows[item.dataIndex];
          const money = formatMoney(row?.amount);
          if (row?.count === undefined) return `${item.label}: ${money}`;
          const count = formatCount(row.count);
          return `${item.label}: ${measure === 'count' ? `${count} · ${money}` : `${money} · ${count}`}`;
        })}
      />
    </ChartFigure>
  );
}
