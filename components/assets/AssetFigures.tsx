'use client';

import { Col, Row } from 'antd';
import { useTranslations } from 'next-intl';
import { ShareChart } from '@/components/dashboard/charts';
import text from '@/components/text/text.module.css';
import { FitStatistic } from '@/components/ui/FitStatistic';
import { Surface } from '@/components/ui/Surface';
import { PANEL_FIGURES, type PanelFigure } from '@/lib/assets/codes';
import { formatMoney } from '@/lib/format/money';

/** The figures of total assets (spec section 3), each with its one-line explanation, in HKD. */
export function AssetFigures({ figures }: { figures: Record<PanelFigure, string> }) {
  const t = useTranslations('assets');
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {PANEL_FIGURES.map((id) => (
        <Col key={id} xs={24} sm={12} xl={6}>
          <Surface style={{ height: '100%' }} data-testid={`asset-${id}`}>
            {/* The currency is part of the value's text, so that it reads "HKD 1,234.00" when copied or spoken too. */}
            <FitStatistic title={t(`figures.${id}.name`)} value={formatMoney(figures[id])} />
            <p className={text.secondary} style={{ margin: '8px 0 0' }}>
              {t(`figures.${id}.explanation`)}
            </p>
          </Surface>
        </Col>
      ))}
    </Row>
  );
}

/** The asset types' shares as a pie, with the same figures as a table. */
export function AssetPie({ items }: { items: { name: PanelFigure; value: string }[] }) {
  const t = useTranslations('assets');
  return (
    <Surface heading={t('pie.title')} style={{ marginBottom: 16 }} data-testid="asset-pie">
      <ShareChart
        testId="chart-assets"
        measure="amount"
        nameTitle={t('pie.type')}
        summary={t('pie.summary')}
        rows={items.map((item) => ({ key: item.name, label: t(`figures.${item.name}.name`), amount: item.value }))}
      />
    </Surface>
  );
}
