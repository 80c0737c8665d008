import 'server-only';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/ui/PageHeading';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { withLocalNames } from '@/lib/i18n/names';
import { choosesNarrowedPair, narrowingIssues } from '@/lib/list-kit/narrow';
import { loadOptions } from '@/lib/list-kit/options';
import { parseListValues } from '@/lib/list-kit/schema';
import { listSource } from '@/lib/lists/sources';
import { currentSession } from '@/lib/session/server';
import { ListView, type ListResult, type ListViewProps } from './ListView';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function sourceOf(list: string) {
  const source = listSource(list);
  if (!source) throw new Error(`list-kit: no list source named ${list}`);
  return source;
}

/** A list page's browser title: the list's own title. */
export async function listMetadata(list: string): Promise<Metadata> {
  return { title: (await getTranslations())(sourceOf(list).definition.title as never) };
}

/**
 * A list page on the server: the session's access, the values from the URL, one upstream call for
 * the page and its summary, and the filters' choices, handed to the browser's ListView. A page of
 * the portal is `export default (props) => <ListScreen list="id" searchParams={props.searchParams} />`.
 */
export async function ListScreen({ list, searchParams, above, actions, rowActions, keep }: { list: string; searchParams: SearchParams; above?: ReactNode } & Pick<ListViewProps, 'actions' | 'rowActions' | 'keep'>) {
  const source = sourceOf(list);
  const { definition } = source;
  const session = await currentSession();
  if (!session?.menus.includes(definition.menu)) redirect('/login');
  const [translate, locale, params] = await Promise.all([getTranslations(), getLocale(), searchParams]);
  const t = (key: string, values?: Record<string, string | number>) => translate(key as never, values as never);
  const parsed = parseListValues(definition, params);
  const { values } = parsed;
  const refusal = source.refusal?.(session, values);

  const choices = loadOptions(session, definition, locale, values);
  // A link that pairs a merchant with another customer (or a store with another merchant) is told so, not queried for nothing.
  const issues = parsed.issues.length === 0 && choosesNarrowedPair(definition, values) ? narrowingIssues(definition, values, await choices) : parsed.issues;
  const [page, options] = await Promise.all([issues.length === 0 && !refusal ? source.load(session, values, t, locale) : null, choices]);
  // Names as the reader reads them, wherever a list shows them (lib/i18n/names.ts).
  const result: ListResult | null = page?.ok ? { ...page.data, rows: page.data.rows.map((row) => withLocalNames(locale, row)) } : null;

  return (
    <>
      <PageHeading title={t(definition.title)} />
      {above}
      <ListView
        definition={definition}
        userId={session.userId}
        values={values}
        issues={issues}
        options={options}
        result={result}
        error={page && !page.ok ? t(errorMessageKey(page.error), Object.fromEntries(Object.entries(page.error.params ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<string, string | number>) : undefined}
        notice={refusal ? t(refusal.message) : undefined}
        actions={actions}
        rowActions={rowActions}
        keep={keep}
      />
    </>
  );
}
