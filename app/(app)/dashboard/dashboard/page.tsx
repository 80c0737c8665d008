import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PartnerHeader } from '@/components/dashboard/bodies';
import { PdfDownload } from '@/components/dashboard/PdfDownload';
import { DashboardPanels } from '@/components/dashboard/panels';
import { PageHeading } from '@/components/ui/PageHeading';
import { dashboardPeriod } from '@/lib/dashboard/figures';
import { requestDashboard } from '@/lib/dashboard/load';
import { currentSession } from '@/lib/session/server';
import { partnersOf } from '@/lib/shell/partners';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('menu'))('dashboard') };
}

/** Partner users see whose figures these are: the partner's name, number and merchant count. */
async function Partner({ request }: { request: ReturnType<typeof partnersOf> }) {
  const result = await request;
  const partner = result.ok ? result.data[0] : undefined;
  return partner ? <PartnerHeader partner={{ ...partner, cnameHans: partner.cname_hans }} /> : null;
}

export default async function DashboardPage() {
  const session = await currentSession();
  if (!session?.menus.includes('dashboard')) redirect('/login');
  // Every call starts here, before anything renders, so the panels load side by side.
  const locale = await getLocale();
  const requests = requestDashboard(session, locale);
  const partner = session.rank === 'PARTNER' ? partnersOf(session) : null;
  const t = await getTranslations();
  const period = dashboardPeriod();
  return (
    <>
      <PageHeading
        title={t('account.greeting', { name: session.nickName })}
        subtitle={t('dashboard.period', period)}
        extra={<PdfDownload />}
      />
      {partner && (
        <Suspense fallback={null}>
          <Partner request={partner} />
        </Suspense>
      )}
      <DashboardPanels requests={requests} />
    </>
  );
}
