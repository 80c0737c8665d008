'use client';

import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { postJson } from '@/lib/client/api';

/** Signs out and lands on /login, which shows the logout message for 3 seconds. */
export function SignOutButton() {
  const t = useTranslations('account');
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    const result = await postJson<{ redirect: string }>('/api/auth/logout', {}, { onSessionEnd: 'return' });
    window.location.assign(result.ok ? result.data.redirect : '/login');
  }
  return (
    <Button icon={<LogoutOutlined />} loading={busy} onClick={signOut}>
      {t('logout')}
    </Button>
  );
}
