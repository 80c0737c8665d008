'use client';

import { FilePdfOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Flex, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '@/lib/format/money';

const PDF_URL = '/pdf-download-dashboard';

type Stage = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'receiving'; kilobytes: number };

/** The file name the server gave (Content-Disposition), else a plain one. */
const fileNameOf = (response: Response) => /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'dashboard.pdf';

/**
 * The server makes the PDF; the browser fetches it so that it can say how far it is (collecting the
 * figures, then the kilobytes received) and cancel it (the request is aborted and the server stops).
 */
export function PdfDownload() {
  const t = useTranslations('dashboard');
  const { message } = App.useApp();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the page cancels a download in progress.
  useEffect(() => () => running.current?.abort(), []);

  async function download() {
    const controller = new AbortController();
    running.current = controller;
    setStage({ kind: 'preparing' });
    try {
      const response = await fetch(PDF_URL, { signal: controller.signal, credentials: 'same-origin' });
      if (response.redirected && new URL(response.url).pathname === '/login') {
        window.location.replace('/login?notice=sessionEnded');
        return;
      }
      if (!response.ok || !response.body || response.headers.get('content-type') !== 'application/pdf') throw new Error(`PDF answer ${response.status}`);
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        chunks.push(part.value);
        received += part.value.byteLength;
        setStage({ kind: 'receiving', kilobytes: Math.ceil(received / 1024) });
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: 'application/pdf' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: fileNameOf(response) });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      if (controller.signal.aborted) message.info(t('pdf.cancelled'), 5);
      else message.error(t('pdf.failed'), 5);
    } finally {
      if (running.current === controller) running.current = null;
      setStage({ kind: 'idle' });
    }
  }

  if (stage.kind === 'idle') {
    return (
      <Button icon={<FilePdfOutlined aria-hidden />} onClick={() => void download()}>
        {t('downloadPdf')}
      </Button>
    );
  }
  return (
    <Flex align="center" gap={12} wrap>
      <Spin size="small" />
      <span role="status" data-testid="pdf-progress">
        {stage.kind === 'preparing' ? t('pdf.preparing') : t('pdf.receiving', { size: formatCount(stage.kilobytes) })}
      </span>
      <Button icon={<StopOutlined aria-hidden />} onClick={() => running.current?.abort()}>
        {t('pdf.cancel')}
      </Button>
    </Flex>
  );
}
