'use client';

import { Layout, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LanguageSelector } from '@/components/i18n/LanguageSelector';
import { ShellFooter } from '@/components/shell/ShellFooter';
import type { ShellLinks } from '@/lib/shell/links';

/**
 * The frame of the pages a signed-out user can open: title, language, content, and the footer's
 * help links and version (the FAQ, terms and privacy policy are readable before signing in).
 */
export function PublicFrame({ links, children }: { links: ShellLinks; children: ReactNode }) {
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
      <Layout.Footer style={{ paddingBlock: 16 }}>
        <ShellFooter links={links} />
      </Layout.Footer>
    </Layout>
  );
}
