import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HelpIndex } from '@/components/help/HelpPages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('shell'))('tips') };
}

/** The portal's own help, for signed-in and signed-out users alike. */
export default function HelpPage() {
  return <HelpIndex />;
}
