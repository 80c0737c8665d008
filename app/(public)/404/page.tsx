import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorPage } from '@/components/public/ErrorPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('errors'))('notFound.title') };
}

export default function Page() {
  return <ErrorPage kind="notFound" />;
}
