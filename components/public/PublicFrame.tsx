'use client';

import { Layout, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LanguageSelector } from '@/components/i18n/LanguageSelector';
import { APP_VERSION } from '@/lib/version';

/** The frame of the pages a signed-out user can open: title, language, content, version. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const t = useTranslations('app');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, paddingInline: 16 }}>
        <Typography.Text strong style={{ color: '#fff', fontSize: 18, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {t('title')}
        </Typography.Text>
        <LanguageSelector />
      </Layout.Header>
      <Layout.Content style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', padding: '32px 16px' }}>
        {children}
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('versionLabel', { version: APP_VERSION })}
        </Typography.Text>
      </Layout.Footer>
    </Layout>
  );
}
