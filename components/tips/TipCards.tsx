'use client';

import { Card, Col, Empty, Row, Typography } from 'antd';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { SmartTip } from '@/lib/tips/calls';
import { formatCount, formatMoney } from '@/lib/format/money';
import { spaceBetweenScripts } from '@/lib/i18n/spacing';
import { TIP_KINDS, TIP_RULES } from '@/lib/tips/rules';

export interface ShownTip {
  tip: SmartTip;
  /** The real-time transactions view that shows it (lib/tips/links.ts); null for a reader who cannot open that list. */
  href: string | null;
}

type Translate = ReturnType<typeof useTranslations<'tips'>>;

const signed = (value: string) => (value.startsWith('-') ? value : `+${value}`);
const hours = (hour: number) => ({ from: `${String(hour).padStart(2, '0')}:00`, to: `${String(hour + 1).padStart(2, '0')}:00` });

/**
 * Tips whose transactions the list cannot pick out (an hour of the day, a weekday, voids against
 * sales): their link opens the whole period the figures come from, and says so.
 */
const PERIOD_KINDS: Partial<Record<SmartTip['kind'], number>> = { BUSY_HOUR: TIP_RULES.busyDays, BUSY_WEEKDAY: TIP_RULES.busyDays, REFUND_RATE: TIP_RULES.recentDays };

/** A tip's headline figure and its sentence, every code by its translated name. */
function wordsOf(tip: SmartTip, t: Translate, tPayment: (code: string) => string): { figure: string; text: string } {
  const weekday = (n: number) => t(`weekdays.${n}` as never);
  switch (tip.kind) {
    case 'BUSY_HOUR': {
      const span = hours(tip.subject.hour);
      return { figure: `${span.from}–${span.to}`, text: t('text.BUSY_HOUR', { ...span, count: tip.figures.count, amount: formatMoney(tip.figures.amount), share: tip.figures.share, days: TIP_RULES.busyDays }) };
    }
    case 'BUSY_WEEKDAY':
      return { figure: weekday(tip.subject.weekday), text: t('text.BUSY_WEEKDAY', { weekday: weekday(tip.subject.weekday), count: tip.figures.count, amount: formatMoney(tip.figures.amount), share: tip.figures.share, days: TIP_RULES.busyDays }) };
    case 'PAYMENT_MIX':
      return {
        figure: t('points', { value: signed(tip.figures.change) }),
        text: t('text.PAYMENT_MIX', {
          type: tPayment(tip.subject.paymentType), recentShare: tip.figures.recentShare, recentCount: formatCount(tip.figures.recentCount), recentTotal: formatCount(tip.figures.recentTotal),
          baselineShare: tip.figures.baselineShare, baselineCount: formatCount(tip.figures.baselineCount), baselineTotal: formatCount(tip.figures.baselineTotal),
          recentDays: TIP_RULES.recentDays, baselineDays: TIP_RULES.baselineDays,
        }),
      };
    case 'REFUND_RATE':
      return {
        figure: `${tip.figures.recentRate}%`,
        text: t('text.REFUND_RATE', {
          rate: tip.figures.recentRate, voids: formatCount(tip.figures.recentVoids), refunds: formatCount(tip.figures.recentRefunds), sales: formatCount(tip.figures.recentSales),
          baselineRate: tip.figures.baselineRate, change: signed(tip.figures.change), recentDays: TIP_RULES.recentDays, baselineDays: TIP_RULES.baselineDays,
        }),
      };
    case 'SILENT_STORE':
    case 'SILENT_TERMINAL':
      return {
        figure: t('days', { days: tip.figures.days }),
        text: t(`text.${tip.kind}`, {
          store: tip.subject.storeName, terminal: tip.kind === 'SILENT_TERMINAL' ? tip.subject.terminalNo : '', lastDay: tip.figures.lastDay,
          count: formatCount(tip.figures.baselineCount), baselineDays: TIP_RULES.baselineDays,
        }),
      };
    case 'LOW_DAY':
      return {
        figure: formatMoney(tip.figures.net),
        text: t('text.LOW_DAY', {
          weekday: weekday(tip.subject.weekday), day: tip.subject.day, count: tip.figures.count, net: formatMoney(tip.figures.net),
          medianCount: formatCount(tip.figures.medianCount), medianNet: formatMoney(tip.figures.medianNet), weeks: TIP_RULES.lowDayWeeks,
        }),
      };
  }
}

/**
 * The tips as cards, one section per kind in a fixed order, each card with its figure, sentence and
 * link; under a kind with more than it shows (silent stores and terminals), how many more there are.
 */
export function TipCards({ tips, more = {} }: { tips: ShownTip[]; more?: Partial<Record<SmartTip['kind'], number>> }) {
  const t = useTranslations('tips');
  const tPayment = useTranslations('paymentType');
  if (tips.length === 0) return <Empty description={t('empty')} data-testid="tips-empty" />;
  return (
    <>
      {TIP_KINDS.filter((kind) => tips.some(({ tip }) => tip.kind === kind)).map((kind) => (
        <section key={kind} data-testid={`tips-${kind}`} style={{ marginBottom: 24 }}>
          <Typography.Title level={2} style={{ fontSize: 18 }}>
            {t(`kinds.${kind}`)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {tips
              .filter(({ tip }) => tip.kind === kind)
              .map(({ tip, href }) => {
                const { figure, text } = wordsOf(tip, t, (code) => tPayment(code as never));
                const periodDays = PERIOD_KINDS[tip.kind];
                return (
                  <Col key={`${tip.kind}-${href}-${figure}`} xs={24} md={12} xl={8}>
                    <Card style={{ height: '100%' }} data-testid="tip" data-kind={tip.kind}>
                      <Typography.Text strong style={{ fontSize: 20, display: 'block', overflowWrap: 'anywhere' }} data-testid="tip-figure">
                        {figure}
                      </Typography.Text>
                      {/* Store and payment names arrive in either script: a Latin one is set off from the Chinese around it. */}
                      <Typography.Paragraph style={{ margin: '8px 0', overflowWrap: 'anywhere' }}>{spaceBetweenScripts(text)}</Typography.Paragraph>
                      {href && (
                        <Link href={href} prefetch={false} data-testid="tip-link">
                          {periodDays ? t('showDays', { days: periodDays }) : t('show')}
                        </Link>
                      )}
                    </Card>
                  </Col>
                );
              })}
          </Row>
          {(more[kind] ?? 0) > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid={`tips-more-${kind}`}>
              {t(`more.${kind}` as never, { count: formatCount(more[kind] ?? 0), shown: TIP_RULES.silentShown, silentDays: TIP_RULES.silentDays } as never)}
            </Typography.Paragraph>
          )}
        </section>
      ))}
    </>
  );
}
