'use client';

import { App } from 'antd';
import { useRouter } from 'next/navigation';
import type { ApiResult } from '@/lib/client/api';

export interface ConfirmedChangeTexts {
  title: string;
  content?: string;
  ok: string;
  cancel: string;
  /** Said when the change is made. */
  done: string;
  /** Said when it fails and the answer names no reason. */
  failed: string;
  danger?: boolean;
}

/**
 * A row's change that is confirmed first (cancel a request, remove a document, deactivate an
 * account): on success the drawer closes and the list is rendered again; a refusal is said and the
 * drawer stays, so nothing the user was looking at is lost.
 */
export function useConfirmedChange(onDone: () => void) {
  const router = useRouter();
  const { message, modal } = App.useApp();
  return (texts: ConfirmedChangeTexts, send: () => Promise<ApiResult<unknown>>) =>
    modal.confirm({
      title: texts.title,
      content: texts.content,
      type: 'warning',
      okText: texts.ok,
      okButtonProps: texts.danger ? { danger: true } : undefined,
      cancelText: texts.cancel,
      async onOk() {
        const result = await send();
        if (!result.ok) {
          message.error(result.error.message ?? texts.failed);
          return;
        }
        message.success(texts.done);
        onDone();
        router.refresh();
      },
    });
}
