import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorPage } from '@/components/public/ErrorPage';
import { currentSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('errors'))('unauthorized.title') };
}

export default async function Page() {
  return <ErrorPage kind="unauthorized" signedIn={(await currentSession()) !== null} />;
}
