'use client';

import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Flex } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import { postJson } from '@/lib/client/api';
import { REMOVABLE_STATUS } from '@/lib/documents/rules';

/**
 * A document's actions in its drawer: download the file (a same-origin link the route handler
 * answers with the file's own type and name), and remove it, confirmed, while nobody has started
 * reviewing it. The services refuse a removal once the review started.
 */
export function DocumentActions({ row, onDone }: RowActionProps) {
  const t = useTranslations('documents');
  const router = useRouter();
  const { message, modal } = App.useApp();
  if (!row) return null;
  const id = Number(row.id);

  function remove() {
    modal.confirm({
      title: t('confirmRemove', { file: String(row?.fileName ?? '') }),
      content: t('removeNote'),
      type: 'warning',
      okText: t('remove'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      async onOk() {
        const result = await postJson('/api/gateway/documentRemove', { input: { id } });
        if (!result.ok) {
          message.error(result.error.message ?? t('removeFailed'));
          return;
        }
        message.success(t('removed'));
        onDone();
        router.refresh();
      },
    });
  }

  return (
    <Flex gap={8} wrap>
      <Button icon={<DownloadOutlined />} href={`/api/documents/${id}`} download>
        {t('download')}
      </Button>
      {row.status === REMOVABLE_STATUS && (
        <Button danger icon={<DeleteOutlined />} onClick={remove}>
          {t('remove')}
        </Button>
      )}
    </Flex>
  );
}
