'use client';

import { Flex, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import type { ShellLinks } from '@/lib/shell/links';
import { APP_VERSION } from '@/lib/version';
import { ShellLink } from './ShellLink';

const KINDS = ['faq', 'guide', 'terms', 'privacy', 'contact'] as const;

/** FAQ, User Guide, Terms and Conditions, Privacy Policy, Contact us and the version (spec section 2). */
export function ShellFooter({ links }: { links: Pick<ShellLinks, (typeof KINDS)[number]> }) {
  const t = useTranslations();
  return (
    <Flex wrap justify="center" gap={20} style={{ fontSize: 12 }}>
      {KINDS.map((kind) => (
        <ShellLink key={kind} href={links[kind]}>
          {t(`footer.${kind}`)}
        </ShellLink>
      ))}
      <Typography.Text type="secondary">{t('app.versionLabel', { version: APP_VERSION })}</Typography.Text>
    </Flex>
  );
}
