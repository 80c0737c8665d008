import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { TransactionsView, type TransactionsResult } from '@/components/transactions/TransactionsView';
import { PageHeading } from '@/components/ui/PageHeading';
import { callUpstream } from '@/lib/gateway/client';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { currentSession } from '@/lib/session/server';
import type { TransactionRow } from '@/lib/transactions/columns';
import { hasExactKey, parseTransactionFilters, realtimeQuery, SINGLE_SEARCH_ROLE } from '@/lib/transactions/filters';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('tx'))('title') };
}

export default async function TransactionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await currentSession();
  if (!session?.menus.includes('transactions')) redirect('/login');
  const [t, params] = await Promise.all([getTranslations(), searchParams]);
  const { filters, issues } = parseTransactionFilters(params);
  const singleOnly = session.roleId === SINGLE_SEARCH_ROLE;
  const mayQuery = !singleOnly || hasExactKey(filters);

  const [list, stores] = await Promise.all([
    mayQuery && issues.length === 0 ? callUpstream('realtimeTransactions', realtimeQuery(filters), session) : null,
    session.menus.includes('stores') || session.isAdmin ? callUpstream('storeTerminals', { limit: 100, page: 1 }, session) : null,
  ]);
  const result: TransactionsResult | null = list?.ok
    ? { rows: list.data.data as unknown as TransactionRow[], total: list.data.total, totalAmount: list.data.totalAmount, summary: list.data.summary }
    : null;

  return (
    <>
      <PageHeading title={t('tx.title')} />
      <TransactionsView
        userId={session.userId}
        filters={filters}
        issues={issues}
        result={result}
        error={list && !list.ok ? t(errorMessageKey(list.error) as never, (list.error.params ?? {}) as never) : undefined}
        singleOnly={singleOnly}
        merchants={session.merchantIds}
        stores={stores?.ok ? stores.data.data.map((s) => ({ code: s.store_code, name: String(s.store_name ?? s.store_code), merchant: String(s.merchant_no ?? ''), terminals: s.terminals })) : []}
      />
    </>
  );
}
