'use client';

import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { PortalMenu } from '@/components/ui/PortalMenu';
import { followSessionEnd } from '@/lib/client/api';
import { useOpenedOnce } from '@/lib/client/use-opened-once';
import { usePreloadWhenIdle } from '@/lib/client/use-preload';
import { formatCount } from '@/lib/format/money';
import type { ExportFormat } from '@/lib/list-kit/export';
import type { ExportJob } from './ExportProgress';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// The progress dialog (antd's Progress with it) is not part of a list's first load: it loads when the
// browser is idle, or at the first export if that comes first.
const loadExportProgress = () => import('./ExportProgress').then((m) => m.ExportProgress);
const ExportProgress = dynamic(orUpdatePrompt(loadExportProgress), { ssr: false });

/** The file name the server chose (RFC 6266: `filename*` wins over `filename`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) return decodeURIComponent(extended);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

const PROGRESS_EVERY_MS = 500;

/**
 * Exports the filtered view: the server streams the file, this reads it (so it can be cancelled)
 * and asks the server how many rows it has written so far, which works the same for CSV and the
 * compressed xlsx.
 */
export function ExportButton({ list, search, columns, disabled }: { list: string; search: string; columns: string[]; disabled?: boolean }) {
  const t = useTranslations('list.export');
  const { message } = App.useApp();
  const [job, setJob] = useState<ExportJob | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  usePreloadWhenIdle(loadExportProgress);
  const progressMounted = useOpenedOnce(job !== null);

  async function start(format: ExportFormat) {
    const id = crypto.randomUUID();
    const controller = new AbortController();
    abort.current = controller;
    setJob({ format, written: 0, total: null });
    const params = new URLSearchParams(search);
    params.set('format', format);
    params.set('id', id);
    params.set('columns', columns.join(','));
    const readProgress = (signal?: AbortSignal) =>
      fetch(`/api/export/progress?id=${id}`, { signal })
        .then((r) => r.json())
        .catch(() => null);
    const poll = setInterval(async () => {
      const answer = await readProgress(controller.signal);
      if (answer?.ok) setJob((current) => current && { ...current, written: answer.data.written, total: answer.data.total });
    }, PROGRESS_EVERY_MS);
    try {
      const response = await fetch(`/api/export/${list}?${params}`, { signal: controller.signal });
      if (!response.ok || !response.body) {
        const answer = await response.json().catch(() => null);
        // An ended session goes to sign-in, as every other call's does.
        if (answer && answer.ok === false) followSessionEnd(answer);
        message.error(answer?.error?.message ?? t('failed'), 5);
        return;
      }
      const total = Number(response.headers.get('x-export-total'));
      setJob((current) => current && { ...current, total });
      const chunks: BlobPart[] = [];
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
      const name = fileNameOf(response.headers.get('content-disposition'), `${list}.${format}`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }));
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      message.success(t('done', { count: formatCount(total), file: name }), 5);
    } catch {
      if (controller.signal.aborted) message.info(t('cancelled'), 5);
      else {
        // The file stopped part-way: the server knows why (a refusal, an answer it could not trust).
        const answer = await readProgress();
        message.error(answer?.data?.error?.message ?? t('failed'), 5);
      }
    } finally {
      clearInterval(poll);
      abort.current = null;
      setJob(null);
    }
  }

  return (
    <>
      <PortalMenu
        disabled={disabled || job !== null}
        trigger="click"
        items={[
          { key: 'csv', label: t('csv') },
          { key: 'xlsx', label: t('xlsx') },
        ]}
        onChoose={(key) => void start(key as ExportFormat)}
      >
        <Button icon={<DownloadOutlined aria-hidden />} loading={job !== null}>
          {t('button')}
        </Button>
      </PortalMenu>
      {progressMounted && <ExportProgress job={job} onCancel={() => abort.current?.abort()} />}
    </>
  );
}
