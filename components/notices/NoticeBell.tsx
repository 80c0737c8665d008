'use client';

import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useLiveCount } from '@/lib/client/use-live-count';
import { NOTICES_CHANGED } from '@/lib/notices/codes';

const readUnread = (data: { unread: number }) => data.unread;

/** The top bar's way to the notifications, with the unread count; read again on navigation and after a notice is read. */
export function NoticeBell() {
  const t = useTranslations('notices');
  const unread = useLiveCount('noticeCount', readUnread, { enabled: true, event: NOTICES_CHANGED });
  const label = unread ? t('bellUnread', { count: unread }) : t('bell');
  return (
    <Link href="/notifications" prefetch={false} className="portal-icon-button" aria-label={label} title={label} data-testid="notice-bell">
      <Badge count={unread ?? 0} size="small" offset={[4, -2]}>
        <BellOutlined style={{ color: '#fff', fontSize: 18 }} aria-hidden />
      </Badge>
    </Link>
  );
}
