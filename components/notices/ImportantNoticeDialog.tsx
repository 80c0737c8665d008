'use client';

import { App, Button, Modal } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { postJson } from '@/lib/client/api';
import { useOpenedOnce } from '@/lib/client/use-opened-once';
import { formatTimestamp14 } from '@/lib/format/date';
import { DEFAULT_LANGUAGE, languageOfTag } from '@/lib/i18n/languages';
import { NOTICE_DIALOG_KEY, NOTICES_CHANGED } from '@/lib/notices/codes';
import text from '@/components/text/text.module.css';

interface ImportantNotice {
  id: number;
  title: string;
  body: string;
  createdAt: string;
}

/**
 * Important notices the user has not acknowledged open as a dialog once after sign-in (spec
 * section 3, showWrs2NotifyDialog). "Later" closes it for this sign-in; "Acknowledge" tells the
 * services, so it never opens again, on any browser.
 */
export function ImportantNoticeDialog({ userId }: { userId: number }) {
  const t = useTranslations('notices');
  const language = languageOfTag(useLocale()) ?? DEFAULT_LANGUAGE;
  const { message } = App.useApp();
  const [notices, setNotices] = useState<ImportantNotice[]>([]);
  const [saving, setSaving] = useState(false);
  const notice = notices[0];
  const mounted = useOpenedOnce(Boolean(notice));

  useEffect(() => {
    // Shown once per sign-in in this browser tab; the sign-in page clears the mark.
    if (sessionStorage.getItem(NOTICE_DIALOG_KEY) === String(userId)) return;
    let current = true;
    void postJson<{ data: ImportantNotice[] }>('/api/gateway/noticeImportant', { input: { lang: language } }).then((result) => {
      if (!current || !result.ok || result.data.data.length === 0) return;
      sessionStorage.setItem(NOTICE_DIALOG_KEY, String(userId));
      setNotices(result.data.data);
    });
    return () => {
      current = false;
    };
  }, [userId, language]);

  async function acknowledge() {
    if (!notice) return;
    setSaving(true);
    const result = await postJson('/api/gateway/noticeAcknowledge', { input: { id: notice.id } });
    setSaving(false);
    if (!result.ok) {
      message.error(result.error.message ?? t('acknowledgeFailed'));
      return;
    }
    window.dispatchEvent(new Event(NOTICES_CHANGED));
    setNotices((rest) => rest.slice(1));
  }

  if (!mounted) return null;
  return (
    <Modal
      open={Boolean(notice)}
      title={notice?.title}
      onCancel={() => setNotices([])}
      maskClosable={false}
      footer={[
        <Button key="later" onClick={() => setNotices([])}>
          {t('later')}
        </Button>,
        <Button key="acknowledge" type="primary" loading={saving} onClick={() => void acknowledge()}>
          {t('acknowledge')}
        </Button>,
      ]}
    >
      {notice && (
        <>
          <p className={`${text.paragraph} ${text.secondary}`}>{t('importantIntro', { date: formatTimestamp14(notice.createdAt) })}</p>
          <p className={`${text.paragraph} ${text.preLine}`}>{notice.body}</p>
        </>
      )}
    </Modal>
  );
}
