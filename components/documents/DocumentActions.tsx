'use client';

import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslations } from 'next-intl';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import { useConfirmedChange } from '@/components/list-kit/use-confirmed-change';
import { postJson } from '@/lib/client/api';
import { REMOVABLE_STATUS } from '@/lib/documents/rules';

/**
 * A document's actions in its drawer: download the file (a same-origin link the route handler
 * answers with the file's own type and name), and remove it, confirmed, while nobody has started
 * reviewing it. The services refuse a removal once the review started.
 */
export function DocumentActions({ row, onDone }: RowActionProps) {
  const t = useTranslations('documents');
  const confirmed = useConfirmedChange(onDone);
  if (!row) return null;
  const id = Number(row.id);

  const remove = () =>
    confirmed(
      { title: t('confirmRemove', { file: String(row.fileName ?? '') }), content: t('removeNote'), ok: t('remove'), cancel: t('cancel'), done: t('removed'), failed: t('removeFailed'), danger: true },
      () => postJson('/api/gateway/documentRemove', { input: { id } }),
    );

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
