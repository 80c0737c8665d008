'use client';

import { CheckOutlined } from '@ant-design/icons';
import { App, Button, Flex } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import { postJson } from '@/lib/client/api';
import { NOTICES_CHANGED } from '@/lib/notices/codes';

/** After a change of read state: the list and the top bar's count are read again. */
function useChanged() {
  const router = useRouter();
  return () => {
    window.dispatchEvent(new Event(NOTICES_CHANGED));
    router.refresh();
  };
}

/**
 * The notifications list's actions: "mark all as read" in the toolbar; in a notice's drawer, opening
 * it reads it, an important one can be acknowledged there too, and a notice that asks for something
 * leads to the screen where it is done.
 */
export function NoticeActions({ row }: RowActionProps) {
  return row ? <OpenNotice row={row} /> : <MarkAllRead />;
}

function MarkAllRead() {
  const t = useTranslations('notices');
  const { message } = App.useApp();
  const changed = useChanged();
  const [saving, setSaving] = useState(false);
  async function markAll() {
    setSaving(true);
    const result = await postJson<{ updated: number }>('/api/gateway/noticeRead', { input: { all: true } });
    setSaving(false);
    if (!result.ok) {
      message.error(result.error.message ?? t('readFailed'));
      return;
    }
    message.success(t('allRead', { count: result.data.updated }));
    changed();
  }
  return (
    <Button icon={<CheckOutlined />} loading={saving} onClick={() => void markAll()}>
      {t('markAllRead')}
    </Button>
  );
}

function OpenNotice({ row }: { row: Record<string, unknown> }) {
  const t = useTranslations('notices');
  const { message } = App.useApp();
  const changed = useChanged();
  const id = Number(row.id);
  const [acknowledged, setAcknowledged] = useState(row.acknowledged === true);
  const [saving, setSaving] = useState(false);

  // Opening a notice reads it (reading twice changes nothing at the services).
  useEffect(() => {
    if (row.read === true) return;
    void postJson('/api/gateway/noticeRead', { input: { ids: [id] } }).then((result) => {
      if (result.ok) changed();
    });
    // Once per opened notice: `changed` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, row.read]);

  async function acknowledge() {
    setSaving(true);
    const result = await postJson('/api/gateway/noticeAcknowledge', { input: { id } });
    setSaving(false);
    if (!result.ok) {
      message.error(result.error.message ?? t('acknowledgeFailed'));
      return;
    }
    setAcknowledged(true);
    changed();
  }

  return (
    <Flex gap={8} wrap>
      {typeof row.link === 'string' && row.link.startsWith('/') && (
        <Button href={row.link}>{t('goToLink')}</Button>
      )}
      {row.important === true &&
        (acknowledged ? (
          <Button disabled icon={<CheckOutlined />}>
            {t('acknowledged')}
          </Button>
        ) : (
          <Button type="primary" loading={saving} onClick={() => void acknowledge()}>
            {t('acknowledge')}
          </Button>
        ))}
    </Flex>
  );
}
