'use client';

import { Button, Modal, Progress } from 'antd';
import { useTranslations } from 'next-intl';
import text from '@/components/text/text.module.css';
import { formatCount } from '@/lib/format/money';
import type { ExportFormat } from '@/lib/list-kit/export';

export interface ExportJob {
  format: ExportFormat;
  written: number;
  total: number | null;
}

/** An export under way: how much of the file is written, and its cancel (ExportButton.tsx). */
export function ExportProgress({ job, onCancel }: { job: ExportJob | null; onCancel: () => void }) {
  const t = useTranslations('list.export');
  const percent = job?.total ? Math.min(100, Math.floor((job.written / job.total) * 100)) : 0;
  return (
    <Modal
      open={job !== null}
      title={t('title', { format: job?.format === 'xlsx' ? t('xlsx') : t('csv') })}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button danger onClick={onCancel}>
          {t('cancel')}
        </Button>
      }
    >
      <Progress percent={percent} status="active" />
      <p className={text.paragraph} aria-live="polite" data-testid="export-progress">
        {job?.total === null || job?.total === undefined ? t('preparing') : t('progress', { written: formatCount(job.written), total: formatCount(job.total) })}
      </p>
    </Modal>
  );
}
