'use client';

import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { ReactNode } from 'react';
import type { Language } from '@/lib/i18n/languages';
import { theme } from '@/lib/theme/tokens';
import { UpdatePrompt } from './UpdatePrompt';

const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, zhTW, zhCN };
const DESCRIPTIONS = { styles: { label: { wordBreak: 'keep-all' as const } } };

/** antd's theme, and its texts in the user's language (the date pickers' names: lib/client/use-dayjs-locale.ts). */
export function AppProviders({ language, children }: { language: Language; children: ReactNode }) {
  return (
    // No space inserted into two-character Chinese button labels: it garbles their accessible names.
    // A details label breaks between words only: at 390 px a narrow label column split 日期 into 日 / 期.
    <ConfigProvider theme={theme} locale={ANTD_LOCALES[language]} button={{ autoInsertSpace: false }} descriptions={DESCRIPTIONS}>
      <App>
        {children}
        <UpdatePrompt />
      </App>
    </ConfigProvider>
  );
}
