import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PanelError } from '@/components/dashboard/PanelError';
import { TipCards } from '@/components/tips/TipCards';
import { CardSkeleton } from '@/components/ui/CardSkeleton';
import { PageHeading } from '@/components/ui/PageHeading';
import { canOpen } from '@/lib/auth/routes';
import { callUpstream, type GatewayResult } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import type { CallAnswer } from '@/lib/gateway/define';
import { withLocalNames } from '@/lib/i18n/names';
import { currentSession } from '@/lib/session/server';
import { tipHref, TRANSACTIONS_PATH } from '@/lib/tips/links';
import { TIP_CALLS } from '@/lib/tips/calls';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('menu'))('smartTips') };
}

/** The tips once the call answers: cards with their links, the empty state, or the message with a retry. */
async function Tips({ request, canList }: { request: Promise<GatewayResult<CallAnswer<typeof TIP_CALLS.smartTips>>>; canList: boolean }) {
  const result = await request;
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  if (!result.ok) return <PanelError title={t('tips.loadFailed')} message={t(errorMessageKey(result.error) as never, (result.error.params ?? {}) as never)} />;
  // A store is named in the reader's language (lib/i18n/names.ts).
  return <TipCards tips={result.data.data.map((tip) => ({ tip: { ...tip, subject: withLocalNames(locale, tip.subject) } as typeof tip, href: canList ? tipHref(tip.filters) : null }))} more={result.data.more} />;
}

/** Transaction Smart Tips (issue 15): what the user's own transactions say, each with its figures and the list that shows them. */
export default async function SmartTipsPage() {
  const session = await currentSession();
  if (!session?.menus.includes('smartTips')) redirect('/login');
  // The call starts before anything renders; the heading shows while it answers.
  const request = callUpstream(TIP_CALLS.smartTips, {}, session);
  const t = await getTranslations();
  return (
    <>
      <PageHeading title={t('menu.smartTips')} subtitle={t('tips.lead')} />
      <Suspense fallback={<CardSkeleton />}>
        <Tips request={request} canList={canOpen(TRANSACTIONS_PATH, session.menus)} />
      </Suspense>
    </>
  );
}
