'use client';

import { Alert, Button } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';

/** A panel whose call failed: its own message and a retry that renders the page again (its title says what failed). */
export function PanelError({ message, title }: { message: string; title?: string }) {
  const t = useTranslations('dashboard');
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Alert
      type="error"
      showIcon
      title={title ?? t('loadFailed')}
      description={message}
      action={
        <Button size="small" loading={pending} onClick={() => startTransition(() => router.refresh())}>
          {t('retry')}
        </Button>
      }
    />
  );
}
