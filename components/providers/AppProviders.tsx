'use client';

import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { ReactNode } from 'react';
import type { Language } from '@/lib/i18n/languages';
import { theme } from '@/lib/theme/tokens';
import { UpdatePrompt } from './UpdatePrompt';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, zhTW, zhCN };
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zhTW: 'zh-tw', zhCN: 'zh-cn' };

/** antd's theme and texts, and dayjs' month and week names, follow the user's language. */
export function AppProviders({ language, children }: { language: Language; children: ReactNode }) {
  // dayjs keeps one global locale: set it only in the browser, where there is one user.
  if (typeof window !== 'undefined') dayjs.locale(DAYJS_LOCALES[language]);
  return (
    // No space inserted into two-character Chinese button labels: it garbles their accessible names.
    <ConfigProvider theme={theme} locale={ANTD_LOCALES[language]} button={{ autoInsertSpace: false }}>
      <App>
        {children}
        <UpdatePrompt />
      </App>
    </ConfigProvider>
  );
}
