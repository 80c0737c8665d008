import { AntdRegistry } from '@ant-design/nextjs-registry';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/providers/AppProviders';
import { DEFAULT_LANGUAGE, languageOfTag } from '@/lib/i18n/languages';
import 'antd/dist/antd.css';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return { title: { default: t('title'), template: `%s | ${t('title')}` } };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  // The help pages' texts are rendered on the server only: every page would otherwise carry them.
  const { help: _serverOnly, ...clientMessages } = messages;
  return (
    <html lang={locale}>
      <body>
        <AntdRegistry>
          <NextIntlClientProvider messages={clientMessages}>
            <AppProviders language={languageOfTag(locale) ?? DEFAULT_LANGUAGE}>
              {children}
            </AppProviders>
          </NextIntlClientProvider>
        </AntdRegistry>
      </body>
    </html>
  );
}
