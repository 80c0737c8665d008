import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  return { title: { default: t('title'), template: `%s | ${t('title')}` } };
}

/** The document only: each group's layout brings its providers (components/providers/AntdRoot.tsx, components/signin/PublicFrame.tsx). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await getLocale()}>
      <body>{children}</body>
    </html>
  );
}
