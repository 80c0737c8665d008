'use client';

import { App, Flex, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { ShellLinks } from '@/lib/shell/links';
import { APP_VERSION } from '@/lib/version';

const KINDS = ['faq', 'guide', 'terms', 'privacy'] as const;

/** FAQ, User Guide, Terms and Conditions, Privacy Policy and the version (spec section 2). */
export function ShellFooter({ links }: { links: Pick<ShellLinks, (typeof KINDS)[number]> }) {
  const t = useTranslations();
  const { message } = App.useApp();
  return (
    <Flex wrap justify="center" gap={20} style={{ fontSize: 12 }}>
      {KINDS.map((kind) =>
        links[kind] ? (
          <Typography.Link key={kind} href={links[kind]} target="_blank" rel="noopener noreferrer">
            {t(`footer.${kind}`)}
          </Typography.Link>
        ) : (
          // A link of unknown kind or without an address says there is no related data.
          <Typography.Link key={kind} onClick={() => message.warning(t('shell.noRelatedData'), 5)}>
            {t(`footer.${kind}`)}
          </Typography.Link>
        ),
      )}
      <Typography.Text type="secondary">{t('app.versionLabel', { version: APP_VERSION })}</Typography.Text>
    </Flex>
  );
}
