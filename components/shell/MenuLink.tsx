'use client';

import { AppstoreOutlined, BellOutlined, FileSearchOutlined, HomeOutlined, QrcodeOutlined, ShopOutlined, TeamOutlined, TransactionOutlined, UploadOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { AlipayLogo, WeChatPayLogo } from './WalletLogos';

const ICONS: Record<string, ReactNode> = {
  dashboard: <HomeOutlined />,
  collect: <QrcodeOutlined />,
  merchant: <ShopOutlined />,
  transaction: <TransactionOutlined />,
  accountMng: <TeamOutlined />,
  log: <FileSearchOutlined />,
  uploadDocuments: <UploadOutlined />,
  notifications: <BellOutlined />,
};

/** The icon of a top-level menu entry (an item or a group). */
export const menuIcon = (code: string) => ICONS[code] ?? <AppstoreOutlined />;

interface Props {
  code: string;
  path: string;
  active: boolean;
  pendingApprovals: number | null;
}

/** A menu item's link, the same in the open and the collapsed sidebar: wallet marks, title, and the review badge. */
export function MenuLink({ code, path, active, pendingApprovals }: Props) {
  const t = useTranslations('menu');
  const title = t(code as never);
  const pending = code === 'reviewRefund' && pendingApprovals ? t('pendingApprovals', { count: pendingApprovals }) : null;
  return (
    // The full title on hover: the sidebar may cut long ones short.
    <Link href={path} prefetch={false} data-menu-code={code} title={title} aria-current={active ? 'page' : undefined}>
      {(code === 'settleWxAli' || code === 'reconWxAli') && (
        <span style={{ display: 'inline-flex', gap: 2, marginInlineEnd: 6 }}>
          <WeChatPayLogo />
          <AlipayLogo />
        </span>
      )}
      {title}
      {pending && <Badge count={pendingApprovals} size="small" style={{ marginInlineStart: 6 }} aria-label={pending} title={pending} />}
    </Link>
  );
}
