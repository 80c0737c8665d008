'use client';

import { App, Button } from 'antd';
import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { postJson } from '@/lib/client/api';
import { formatTimestamp14 } from '@/lib/format/date';
import { NOTICES_CHANGED, type ImportantNotice, type NoticeAnswer } from '@/lib/notices/codes';
import text from '@/components/text/text.module.css';
import styles from './important-notice.module.css';

/**
 * Important notices the user has not acknowledged, before the page (spec section 3,
 * showWrs2NotifyDialog), drawn by the server with the page (lib/notices/important.ts) so that it is
 * never a late paint. "Remind me later" closes it for this sign-in; "Acknowledge" tells the services,
 * so it never opens again, on any browser. Without JavaScript the two buttons post the form
 * (app/api/notices/important) and the page comes back without it.
 */
export function ImportantNoticeDialog({ notices: first }: { notices: ImportantNotice[] }) {
  const t = useTranslations('notices');
  const { message } = App.useApp();
  const back = usePathname();
  // The first answer's notices only: a later render of the layout (a refresh) opens none, and must not close these.
  const [notices, setNotices] = useState(first);
  const [saving, setSaving] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const ids = useId();
  const notice = notices[0];

  // Hydrated: the keyboard starts in the dialog, as antd's Modal does.
  useEffect(() => panel.current?.focus(), [notice?.id]);

  if (!notice) return null;

  async function answer(kind: NoticeAnswer) {
    if (!notice) return;
    if (kind === 'later') {
      setNotices([]);
      // Not kept (the store away, the network): the next page opens it again, which loses nothing.
      void postJson('/api/notices/important', { answer: 'later', notice: notice.id });
      return;
    }
    setSaving(true);
    const result = await postJson('/api/notices/important', { answer: 'acknowledge', notice: notice.id });
    setSaving(false);
    if (!result.ok) {
      message.error(result.error.message ?? t('acknowledgeFailed'));
      return;
    }
    window.dispatchEvent(new Event(NOTICES_CHANGED));
    setNotices((rest) => rest.slice(1));
  }

  // Escape is "later", as a Modal's close; Tab stays within the dialog while it is open.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') return void answer('later');
    if (event.key !== 'Tab') return;
    const focusable = [...(panel.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? [])];
    const [firstButton, lastButton] = [focusable[0], focusable.at(-1)];
    if (event.shiftKey && (document.activeElement === firstButton || document.activeElement === panel.current)) {
      event.preventDefault();
      lastButton?.focus();
    } else if (!event.shiftKey && document.activeElement === lastButton) {
      event.preventDefault();
      firstButton?.focus();
    }
  }

  return (
    <div className={styles.mask}>
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} tabIndex={-1} className={styles.panel} onKeyDown={onKeyDown}>
        <form
          method="post"
          action="/api/notices/important"
          onSubmit={(event) => {
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            void answer(submitter?.value === 'later' ? 'later' : 'acknowledge');
          }}
        >
          <input type="hidden" name="notice" value={notice.id} />
          <input type="hidden" name="back" value={back} />
          <h2 id={`${ids}-title`} className={styles.title}>
            {notice.title}
          </h2>
          <p className={`${text.paragraph} ${text.secondary}`}>{t('importantIntro', { date: formatTimestamp14(notice.createdAt) })}</p>
          <p id={`${ids}-body`} className={`${text.paragraph} ${text.preLine}`}>
            {notice.body}
          </p>
          <div className={styles.footer}>
            <Button htmlType="submit" name="answer" value="later">
              {t('later')}
            </Button>
            <Button type="primary" htmlType="submit" name="answer" value="acknowledge" loading={saving}>
              {t('acknowledge')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
