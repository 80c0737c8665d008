import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { HelpTopicPage } from '@/components/help/HelpPages';
import { isHelpTopic } from '@/lib/shell/help';

type Props = { params: Promise<{ topic: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { topic } = await params;
  return isHelpTopic(topic) ? { title: (await getTranslations('footer'))(topic) } : {};
}

/** /help/faq, /help/guide, /help/terms, /help/privacy, /help/contact. */
export default async function HelpTopicRoute({ params }: Props) {
  const { topic } = await params;
  if (!isHelpTopic(topic)) notFound();
  return <HelpTopicPage topic={topic} />;
}
