import 'server-only';
import { getTranslations } from 'next-intl/server';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { currentSession } from '@/lib/session/server';
import { customersOf, partnersOf } from '@/lib/shell/partners';
import { OrganisationCard, type Organisation } from './OrganisationCard';

/**
 * Merchant information's heading card, fetched beside the list: a partner's own card from the
 * partner list call, a customer's from the customer info call (the `_20230314` variant for partners
 * is the gateway's choice). Both are asked once per request, with the shell's sidebar.
 */
export async function OrganisationSummary() {
  const session = await currentSession();
  if (!session) return null;
  const t = await getTranslations();
  if (session.rank === 'PARTNER') {
    const answer = await partnersOf(session);
    const partner = answer.ok ? answer.data[0] : undefined;
    const organisation: Organisation | null = partner ? { kind: 'partner', name: partner.name, cname: partner.cname, cnameHans: partner.cname_hans, number: partner.partner_no, count: partner.midNumber } : null;
    return <OrganisationCard organisation={organisation} failed={answer.ok ? undefined : t(errorMessageKey(answer.error) as never)} />;
  }
  const answer = await customersOf(session);
  const customer = answer.ok ? answer.data[0] : undefined;
  const organisation: Organisation | null = customer
    ? { kind: 'customer', name: customer.customer_name, cname: customer.customer_cname, cnameHans: customer.customer_cname_hans, number: customer.customer_no, count: customer.store_count ?? 0 }
    : null;
  return <OrganisationCard organisation={organisation} failed={answer.ok ? undefined : t(errorMessageKey(answer.error) as never)} />;
}
