'use client';

import { Modal } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { UPDATE_EVENT } from '@/lib/client/api';

/**
 * Spec section 4: when the server's version is newer than this client, a prompt that cannot be
 * dismissed appears once; confirming reloads the app. Pages announce it with <AnnounceUpdate/>,
 * route handlers with a response header (lib/client/api.ts).
 */
export function UpdatePrompt() {
  const t = useTranslations('update');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(UPDATE_EVENT, show);
    return () => window.removeEventListener(UPDATE_EVENT, show);
  }, []);
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
  useEffect(() => {
    window.dispatchEvent(new CustomEvent(UPDATE_EVENT));
  }, []);
  return null;
}
