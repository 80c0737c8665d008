'use client';

import { App } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/** Spec section 8: failures show as an error toast for 5 seconds. */
export function useApiErrorToast() {
  const { message } = App.useApp();
  const t = useTranslations('gateway');
  return useCallback((error: { code: string; message?: string }) => message.error(error.message ?? t('REQUEST_FAILED'), 5), [message, t]);
}
