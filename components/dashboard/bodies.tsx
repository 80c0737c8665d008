'use client';

import { Col, Empty, Flex, Row, Skeleton, Statistic } from 'antd';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import text from '@/components/text/text.module.css';
import styles from '@/components/ui/surface.module.css';
import { compareWeeks, signedChange } from '@/lib/dashboard/figures';
import { formatDay8 } from '@/lib/format/date';
import type { DashboardPanel, PanelData } from '@/lib/dashboard/load';
import { formatAmount, formatCount, formatMoney } from '@/lib/format/money';
import { localName, type Names } from '@/lib/i18n/names';
import { codeName, type CodeTranslator } from '@/lib/list-kit/cells';
import { CHART_HEIGHT } from './ChartFigure';
import { CurveChart, ShareChart, TopStoresChart } from './charts';
import { orUpdatePrompt } from '@/lib/client/on-demand';

/** A failed panel's alert: its code loads with the failure, so a dashboard that answers does without it. */
export const PanelError = dynamic(orUpdatePrompt(() => import('./PanelError').then((m) => m.PanelError)));

/** The dashboard's grid: each slot is a panel that streams in on its own. */
export function DashboardGrid({ panels }: { panels: Record<DashboardPanel, ReactNode> }) {
  const wide = { xs: 24, xl: 12 };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>{panels.totals}</Col>
      <Col xs={24} lg={12}>{panels.counts}</Col>
      <Col xs={24} xl={16}>{panels.curve}</Col>
      <Col xs={24} xl={8}>{panels.transTypes}</Col>
      <Col {...wide}>{panels.topStores}</Col>
      <Col {...wide}>{panels.paymentTypes}</Col>
    </Row>
  );
}

/**
 * The height each panel's body takes once loaded (measured at 360 to 1440 px, both scripts): the
 * panels stream in one by one, and a placeholder of another height moved every panel below it
 * when its body arrived (Lighthouse counted a layout shift of up to 0.17 on a phone).
 */
const FIGURE_HEIGHT = CHART_HEIGHT + 36; // the chart-or-table switch above it: 24 px and a 12 px margin
const BODY_HEIGHT: Record<DashboardPanel, number> = {
  totals: 64,
  counts: 100,
  curve: FIGURE_HEIGHT + 88, // above the figure: the comparison, what it compares and today so far (22 px lines, 4 px apart, 14 px below)
  transTypes: FIGURE_HEIGHT,
  topStores: FIGURE_HEIGHT,
  paymentTypes: FIGURE_HEIGHT,
};

export function PanelCard({ panel, children }: { panel: DashboardPanel; children: ReactNode }) {
  const t = useTranslations('dashboard');
  return (
    <section className={styles.surface} style={{ height: '100%' }} aria-labelledby={`panel-${panel}-title`} data-testid={`panel-${panel}`}>
      <h2 className={styles.title} id={`panel-${panel}-title`}>
        {t(`${panel}.title`)}
      </h2>
      <div className={styles.body}>
        <div style={{ minHeight: BODY_HEIGHT[panel] }}>{children}</div>
      </div>
    </section>
  );
}

/** As many 16 px skeleton lines (16 px apart) as fit the panel's body. */
export const PanelSkeleton = ({ panel }: { panel: DashboardPanel }) => (
  <Skeleton active title={false} paragraph={{ rows: Math.max(1, Math.floor((BODY_HEIGHT[panel] + 16) / 32)) }} />
);

function NoData() {
  const t = useTranslations('dashboard');
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />;
}

export function TotalsBody({ data }: { data: PanelData<'totals'> }) {
  const t = useTranslations('dashboard');
  return (
    <Flex gap={32} wrap>
      <Statistic title={t('count')} value={formatCount(data.allCount)} />
      <Statistic title={t('amount')} value={formatAmount(data.allAmount)} />
    </Flex>
  );
}

export function CountsBody({ data }: { data: PanelData<'counts'> }) {
  const t = useTranslations('dashboard.counts');
  return (
    <>
      <p className={`${text.paragraph} ${text.strong}`}>{data.customer_name}</p>
      <Flex gap={32} wrap>
        <Statistic title={t('merchants')} value={formatCount(data.merchant_count)} />
        <Statistic title={t('stores')} value={formatCount(data.store_count)} />
        <Statistic title={t('terminals')} value={formatCount(data.terminal_count)} />
      </Flex>
    </>
  );
}

/**
 * The seven-day comparison of whole days (the services leave today out of it: a day still filling up
 * read as a fall), says which days it compares, and gives today so far on its own line.
 */
export function CurveBody({ data }: { data: PanelData<'curve'> }) {
  const t = useTranslations('dashboard.curve');
  const week = compareWeeks(data.current, data.previous);
  const change = signedChange(week);
  const tone = week.direction === 'down' ? text.danger : week.direction === 'up' ? text.success : text.secondary;
  const span = { from: formatDay8(data.current[0]?.day), to: formatDay8(data.current.at(-1)?.day) };
  return (
    <>
      <p className={text.paragraph} style={{ marginBottom: 4 }} data-testid="curve-comparison">
        <strong className={text.strong}>{formatMoney(week.current)}</strong>{' '}
        <span className={tone}>{change === null ? t('noComparison') : t('change', { percent: change })}</span>
      </p>
      <p className={`${text.paragraph} ${text.secondary}`} style={{ marginBottom: 4 }} data-testid="curve-basis">
        {t('basis', span)}
      </p>
      <p className={`${text.paragraph} ${text.secondary}`} data-testid="curve-today">
        {t('today', { time: data.today.until.slice(0, 5), amount: formatMoney(data.today.amount), count: data.today.count })}
      </p>
      <CurveChart current={data.current} previous={data.previous} summary={t('summary', { ...span, current: formatMoney(week.current), previous: formatMoney(week.previous) })} />
    </>
  );
}

export function TopStoresBody({ data }: { data: PanelData<'topStores'> }) {
  const t = useTranslations('dashboard.topStores');
  if (data.length === 0) return <NoData />;
  const rows = data.map((store) => ({ key: store.store_code, label: store.store_name || store.store_code, count: store.count, amount: store.amount }));
  return <TopStoresChart rows={rows} summary={t('summary')} />;
}

export function TransTypesBody({ data }: { data: PanelData<'transTypes'> }) {
  const t = useTranslations();
  if (data.every((row) => row.count === 0)) return <NoData />;
  const rows = data.map((row) => ({ key: row.name, label: t(`tx.summary.${row.name}`), count: row.count, amount: row.amount }));
  return <ShareChart testId="chart-transTypes" rows={rows} measure="count" nameTitle={t('dashboard.transTypes.type')} summary={t('dashboard.transTypes.summary')} />;
}

export function PaymentTypesBody({ data }: { data: PanelData<'paymentTypes'> }) {
  const t = useTranslations();
  if (data.length === 0) return <NoData />;
  const rows = data.map((row) => ({ key: row.payment_type, label: codeName(t as unknown as CodeTranslator, 'paymentType', row.payment_type), count: row.count, amount: row.amount }));
  return <ShareChart testId="chart-paymentTypes" rows={rows} measure="amount" nameTitle={t('dashboard.paymentTypes.type')} summary={t('dashboard.paymentTypes.summary')} />;
}

export function PartnerHeader({ partner }: { partner: Names & { partner_no: string; midNumber: number } }) {
  const t = useTranslations('dashboard');
  const locale = useLocale();
  return (
    <p className={text.paragraph} data-testid="partner-header" style={{ marginBottom: 16 }}>
      {t('partner', { name: localName(locale, partner), number: partner.partner_no, mids: partner.midNumber })}
    </p>
  );
}
