import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DEFAULT_LANGUAGE, languageOfTag } from '@/lib/i18n/languages';
import { AppProviders } from './AppProviders';
import { StyleRegistry } from './StyleRegistry';
import 'antd/dist/antd.css';

/**
 * The providers of every antd page: antd's registry, theme and texts, and the client messages. The
 * sign-in page does without them (components/signin), so it ships none of antd.
 */
export async function AntdRoot({ children }: { children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  // The help pages' texts are rendered on the server only: every page would otherwise carry them.
  const { help: _serverOnly, ...clientMessages } = messages;
  return (
    <StyleRegistry>
      <NextIntlClientProvider messages={clientMessages}>
        <AppProviders language={languageOfTag(locale) ?? DEFAULT_LANGUAGE}>{children}</AppProviders>
      </NextIntlClientProvider>
    </StyleRegistry>
  );
}
