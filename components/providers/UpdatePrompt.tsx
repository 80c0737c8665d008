'use client';

import { Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import { useOpenedOnce } from '@/lib/client/use-opened-once';
import { announceUpdate, subscribeUpdate, updateAnnounced } from '@/lib/client/update-signal';

/**
 * Spec section 4: when the server's version is newer than this client, a prompt that cannot be
 * dismissed appears once; confirming reloads the app.
 */
export function UpdatePrompt() {
  const t = useTranslations('update');
  const open = useSyncExternalStore(subscribeUpdate, updateAnnounced, () => false);
  if (!useOpenedOnce(open)) return null;
  return (
    <Modal
      open={open}
      title={t('title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okText={t('reload')}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={() => window.location.reload()}
    >
      {t('body')}
    </Modal>
  );
}

/** Rendered by a page whose upstream calls announced a newer version. */
export function AnnounceUpdate() {
  useEffect(announceUpdate, []);
  return null;
}
