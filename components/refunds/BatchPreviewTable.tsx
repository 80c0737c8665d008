'use client';

import { Flex, Table, Tag } from 'antd';
import text from '@/components/text/text.module.css';
import { useTranslations } from 'next-intl';
import { useMediaQuery } from '@/lib/client/use-media-query';
import { formatMoney } from '@/lib/format/money';
import type { CheckedRow } from '@/lib/refunds/batch';
import type { BatchColumn } from '@/lib/refunds/codes';

/** A previewed row (errors translated by the server) and, once sent, its result. */
export type PreviewRow = Omit<CheckedRow, 'errors'> & { errors: string[]; outcome?: { ok: boolean; text: string } };

/** The file's own column names, as its header row has them: what a row's cell is called in the file the user wrote. */
function FileValue({ column, value }: { column: BatchColumn | 'transDate/transTime'; value: string }) {
  return value ? (
    <div className="portal-nobreak">
      <span className={text.secondary}>{column}</span> {value}
    </div>
  ) : null;
}

/** What a row's result says: its problems, what the services answered once sent, or that it is ready and what its sale keeps. */
function Result({ row }: { row: PreviewRow }) {
  const t = useTranslations('refund.batch');
  if (row.errors.length) return <span className={text.danger}>{row.errors.join(' ')}</span>;
  if (row.outcome) {
    return (
      <Tag color={row.outcome.ok ? 'green' : 'red'} style={{ whiteSpace: 'normal' }}>
        {row.outcome.text}
      </Tag>
    );
  }
  return (
    <Flex wrap gap={4} align="center">
      <Tag color="blue">{t('ready')}</Tag>
      {row.left !== undefined && <span className={text.secondary}>{t('leaves', { left: formatMoney(row.left) })}</span>}
    </Flex>
  );
}

/**
 * The preview of a batch file: the line, its result (beside the line, so it is read without
 * scrolling at any width), then the row as the file gives it: which sale, the amount, the reason.
 * The table keeps its widths (its header stays while the rows scroll); under 920 px it scrolls
 * sideways, the line and the result narrower on a phone so that both stay in view.
 */
export function BatchPreviewTable({ rows }: { rows: PreviewRow[] }) {
  const t = useTranslations('refund.batch');
  const phone = useMediaQuery('(max-width: 575px)');
  return (
    <Table<PreviewRow>
      size="small"
      rowKey="line"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 920, y: 400 }}
      data-testid="batch-preview"
      columns={[
        { title: t('line'), dataIndex: 'line', width: phone ? 44 : 56 },
        { title: t('result'), key: 'result', width: phone ? 250 : 320, render: (_: unknown, row) => <Result row={row} /> },
        {
          title: t('sale'),
          key: 'sale',
          width: 290,
          render: (_: unknown, { values }) => (
            <>
              <FileValue column="merchantNo" value={values.merchantNo} />
              <FileValue column="orderNo" value={values.orderNo} />
              <FileValue column="rrn" value={values.rrn} />
              <FileValue column="transDate/transTime" value={[values.transDate, values.transTime].filter(Boolean).join(' ')} />
            </>
          ),
        },
        { title: 'refundAmount', key: 'refundAmount', width: 120, align: 'right', render: (_: unknown, { values }) => <span className="portal-nobreak">{values.refundAmount}</span> },
        { title: 'reasonType', key: 'reasonType', width: 110, render: (_: unknown, { values }) => values.reasonType },
        { title: 'reason', key: 'reason', ellipsis: { showTitle: true }, render: (_: unknown, { values }) => values.reason },
      ]}
    />
  );
}
