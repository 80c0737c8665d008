'use client';

import { Alert, Flex, Typography } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { postJson, type ApiResult } from '@/lib/client/api';
import { withLocalNames } from '@/lib/i18n/names';
import type { DetailRows } from '@/lib/list-kit/definition';
import { ExportButton } from './ExportButton';

type Answer = Record<string, unknown>;

const SIZES = [10, 20, 50] as const;

/** A section's call input for one row: the row's fields, the fixed input, and the page when paged. */
function inputOf(section: DetailRows, row: Record<string, unknown>, page: number, size: number) {
  const input: Record<string, unknown> = { ...section.fixed };
  for (const [key, field] of Object.entries(section.input)) input[key] = row[field];
  return section.paged ? { ...input, page, limit: size } : input;
}

/**
 * One call per distinct (call, input): sections that read different fields of the same answer (a
 * remittance's members and files) share it, so the duplicate-request guard never sees it twice.
 */
function useAnswers(sections: readonly DetailRows[], row: Record<string, unknown>, pages: Record<string, { page: number; size: number }>) {
  const requests = sections.map((s) => JSON.stringify([s.call, inputOf(s, row, pages[s.id]?.page ?? 1, pages[s.id]?.size ?? SIZES[0])]));
  const key = [...new Set(requests)].join('|');
  const [answers, setAnswers] = useState<Record<string, ApiResult<Answer> | undefined>>({});
  useEffect(() => {
    let live = true;
    for (const request of new Set(requests)) {
      if (answers[request]) continue;
      const [call, input] = JSON.parse(request) as [string, Record<string, unknown>];
      void postJson<Answer>(`/api/gateway/${call}`, { input }).then((result) => live && setAnswers((current) => ({ ...current, [request]: result })));
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the requests are compared by their joined key
  }, [key]);
  return sections.map((_, i) => answers[requests[i] as string]);
}

/**
 * The drawer's sections of rows that belong to the opened row (lib/list-kit/definition.ts
 * `detailRows`): each is the shared data table, paged by the server when the call pages, with the
 * section's download when it has one.
 */
export function DetailRowsSections({ sections, row, userId }: { sections: readonly DetailRows[]; row: Record<string, unknown>; userId: number }) {
  const t = useTranslations();
  const locale = useLocale();
  const shown = sections.filter((s) => !s.when || Boolean(row[s.when]));
  const [pages, setPages] = useState<Record<string, { page: number; size: number }>>({});
  const answers = useAnswers(shown, row, pages);
  return shown.map((section, i) => {
    const answer = answers[i];
    const { page, size } = pages[section.id] ?? { page: 1, size: SIZES[0] };
    // Names as the list shows them, one per language (lib/i18n/names.ts).
    const rows = answer?.ok ? ((answer.data[section.rows] as Record<string, unknown>[] | undefined) ?? []).map((r) => withLocalNames(locale, r)) : [];
    const total = answer?.ok ? (section.paged ? Number(answer.data.total ?? 0) : rows.length) : 0;
    const search = section.exportFilters ? new URLSearchParams(Object.entries(section.exportFilters).map(([key, field]) => [key, String(row[field] ?? '')])).toString() : '';
    return (
      <Flex key={section.id} vertical gap={8} style={{ marginTop: 24 }} data-testid={`detail-${section.id}`}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(section.title as never)}
        </Typography.Title>
        {answer && !answer.ok ? (
          <Alert type="error" showIcon title={answer.error.message ?? t('gateway.REQUEST_FAILED')} />
        ) : (
          <DataTable
            tableId={`${section.call}-${section.id}`}
            userId={userId}
            columns={section.columns}
            rows={rows}
            rowKey={(r) => String(r[section.rowKey])}
            total={total}
            page={section.paged ? page : 1}
            pageSize={section.paged ? size : Math.max(total, 1)}
            pageSizes={section.paged ? SIZES : [Math.max(total, 1)]}
            loading={!answer}
            onChange={(change) => setPages((current) => ({ ...current, [section.id]: { page: change.page, size: change.pageSize } }))}
            toolbar={section.exportList && <ExportButton list={section.exportList} search={search} columns={section.columns.map((c) => c.id)} disabled={!answer?.ok || total === 0} />}
          />
        )}
      </Flex>
    );
  });
}
