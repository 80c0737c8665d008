'use client';

import { Alert, Button, Flex, Modal, Progress, Space, Upload } from 'antd';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import text from '@/components/text/text.module.css';
import { Surface } from '@/components/ui/Surface';
import { postJson } from '@/lib/client/api';
import { uploadForm } from '@/lib/client/upload';
import { formatMoneySum } from '@/lib/format/money';
import { BATCH_COLUMNS, BATCH_LIMITS, REASON_TYPES } from '@/lib/refunds/codes';
import type { PreviewRow } from './BatchPreviewTable';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// The preview's table (antd's Table, with its tree, pager and filters) comes when a file has been
// read, not with the page: the preview waits for the file's checks on the server anyway.
const BatchPreviewTable = dynamic(orUpdatePrompt(() => import('./BatchPreviewTable').then((m) => m.BatchPreviewTable)), { ssr: false });

/**
 * Batch refund upload: template download, a file read and checked by the server (each row's format,
 * then against its sale, lib/refunds/batch-sales.ts), a preview with each bad row's problems, then
 * the good rows sent one by one with progress and a per-row result.
 * Each row carries a key derived from the file, so sending the same file again makes no second refund.
 */
export function BatchUpload() {
  const t = useTranslations();
  const router = useRouter();
  const [rows, setRows] = useState<PreviewRow[] | null>(null);
  const [error, setError] = useState<string>();
  const [reading, setReading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const good = rows?.filter((r) => r.request) ?? [];
  const created = good.filter((r) => r.outcome?.ok).length;

  async function read(file: File) {
    setError(undefined);
    setRows(null);
    setSent(null);
    if (file.size > BATCH_LIMITS.bytes) return setError(t('refund.errors.batchTooLarge', { kilobytes: BATCH_LIMITS.bytes / 1024 }));
    setReading(true);
    const body = new FormData();
    body.set('file', file);
    // As every call: an ended session goes to sign-in (lib/client/upload.ts).
    const result = await uploadForm<{ rows: PreviewRow[] }>('/api/refunds/batch', body, () => undefined);
    setReading(false);
    if (!result.ok) return setError(result.error.message ?? t(`gateway.${result.error.code}` as never));
    setRows(result.data.rows);
  }

  async function submit() {
    setConfirming(false);
    setSent(0);
    let done = 0;
    for (const row of good) {
      const result = await postJson<{ refundNo: string; replayed: boolean }>('/api/refunds', row.request);
      const outcome = result.ok
        ? { ok: true, text: t(result.data.replayed ? 'refund.batch.replayed' : 'refund.batch.created', { refundNo: result.data.refundNo }) }
        : { ok: false, text: result.error.message ?? result.error.code };
      setRows((current) => current?.map((r) => (r.line === row.line ? { ...r, outcome } : r)) ?? null);
      setSent(++done);
    }
    router.refresh();
  }

  const sending = sent !== null && sent < good.length;
  return (
    <Surface heading={t('refund.batch.title')}>
      <Flex vertical gap={12}>
        <p className={text.secondary} style={{ margin: 0 }}>
          {t('refund.batch.limits', { rows: BATCH_LIMITS.rows, kilobytes: BATCH_LIMITS.bytes / 1024, columns: BATCH_COLUMNS.join(', ') })}{' '}
          {t('refund.batch.reasonTypes', { types: REASON_TYPES.map((code) => `${code} (${t(`refund.reasonTypes.${code}`)})`).join(', ') })}
        </p>
        <Space wrap>
          <Button href="/api/refunds/batch/template?format=csv">{t('refund.batch.templateCsv')}</Button>
          <Button href="/api/refunds/batch/template?format=xlsx">{t('refund.batch.templateXlsx')}</Button>
          <Upload accept=".csv,.xlsx" maxCount={1} showUploadList={false} beforeUpload={(file) => (void read(file), false)} disabled={sending}>
            <Button type="primary" loading={reading}>
              {t('refund.batch.choose')}
            </Button>
          </Upload>
        </Space>
        {error && <Alert type="error" showIcon title={error} />}
        {rows && (
          <>
            <Alert type={good.length === rows.length ? 'success' : 'warning'} showIcon title={t('refund.batch.preview', { good: good.length, bad: rows.length - good.length, total: rows.length })} />
            <BatchPreviewTable rows={rows} />
            {sent !== null && <Progress percent={good.length ? Math.round((sent / good.length) * 100) : 100} status={sent === good.length && created < good.length ? 'exception' : undefined} format={() => t('refund.batch.progress', { done: sent, count: good.length })} />}
            {sent !== null && sent === good.length && (
              // What the services accepted, not what was sent: a row they refuse (over its balance, another customer's) is no request.
              <Alert type={created === good.length ? 'success' : created === 0 ? 'error' : 'warning'} showIcon title={t('refund.batch.outcome', { created, count: good.length, refused: good.length - created })} data-testid="batch-outcome" />
            )}
            <div>
              <Button type="primary" disabled={good.length === 0 || sent !== null} onClick={() => setConfirming(true)}>
                {t('refund.batch.submit', { count: good.length })}
              </Button>
            </div>
          </>
        )}
      </Flex>
      <Modal open={confirming} title={t('refund.batch.confirmTitle')} okText={t('refund.batch.submit', { count: good.length })} cancelText={t('common.cancel')} onOk={submit} onCancel={() => setConfirming(false)}>
        {t('refund.batch.confirmBody', { count: good.length, amount: formatMoneySum(good.map((r) => r.request?.refundAmount ?? '0')) })}
      </Modal>
    </Surface>
  );
}
