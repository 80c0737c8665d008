import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorPage } from '@/components/public/ErrorPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('errors'))('forbidden.title') };
}

/**
 * A menu route the user's menus do not include: the proxy shows this page at the address asked
 * for, inside the shell, and the session stays (docs/decisions.md, Navigation).
 */
export default function ForbiddenPage() {
  return <ErrorPage kind="forbidden" />;
}
