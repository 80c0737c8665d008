import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AntdRoot } from '@/components/providers/AntdRoot';
import { AnnounceUpdate } from '@/components/providers/UpdatePrompt';
import { AppShell } from '@/components/shell/AppShell';
import type { Organisation } from '@/components/shell/Sidebar';
import { searchChoices } from '@/lib/choices/load';
import { callUpstream } from '@/lib/gateway/client';
import { DEFAULT_LANGUAGE, languageOfTag } from '@/lib/i18n/languages';
import { importantNotices } from '@/lib/notices/important';
import { currentSession } from '@/lib/session/server';
import { sessionView } from '@/lib/session/session';
import { shellLinks } from '@/lib/shell/links';
import { customerScreens } from '@/lib/shell/customer-screens';
import { customersOf, partnersOf } from '@/lib/shell/partners';
import { SIDEBAR_COOKIE } from '@/lib/shell/sidebar';
import { REFUND_CALLS } from '@/lib/refunds/calls';

/**
 * Signed-in pages: the session is checked here again (the proxy is not the security boundary); the
 * shell's data (organisation, partners, pending approvals, important notices) is fetched in parallel.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  if (!session) redirect('/login');
  const partner = session.rank === 'PARTNER';
  const locale = await getLocale();
  // A partner's first customers for the switcher (the rest are searched as it types).
  const [jar, customers, partners, approvals, switchable, notices] = await Promise.all([
    cookies(),
    partner ? null : customersOf(session),
    partner ? partnersOf(session) : null,
    session.menus.includes('reviewRefund') ? callUpstream(REFUND_CALLS.approvalCount, {}, session) : null,
    partner ? searchChoices(session, 'customers', {}, locale) : null,
    importantNotices(session, languageOfTag(locale) ?? DEFAULT_LANGUAGE),
  ]);
  const customer = customers?.ok ? customers.data[0] : undefined;
  const partnerRow = partners?.ok ? partners.data[0] : undefined;
  const organisation: Organisation | null = customer
    ? { kind: 'customer', name: customer.customer_name, cname: customer.customer_cname, cnameHans: customer.customer_cname_hans, number: customer.customer_no }
    : partnerRow
      ? { kind: 'partner', name: partnerRow.name, cname: partnerRow.cname ?? '', cnameHans: partnerRow.cname_hans, number: partnerRow.partner_no }
      : null;
  const newerVersion = [customers, partners, approvals].some((result) => result?.newerVersion);
  return (
    <AntdRoot>
    <AppShell
      session={sessionView(session)}
      organisation={organisation}
      customers={switchable?.ok ? switchable.data.options : []}
      customerScreens={switchable?.ok && switchable.data.options.length > 0 ? customerScreens() : []}
      links={shellLinks()}
      sidebarOpen={jar.get(SIDEBAR_COOKIE)?.value !== '0'}
      pendingApprovals={approvals?.ok ? (approvals.data[0]?.raCount ?? 0) : null}
      importantNotices={notices}
    >
      {newerVersion && <AnnounceUpdate />}
      {children}
    </AppShell>
    </AntdRoot>
  );
}
