import 'server-only';
import { parseDay, toCompactDay } from '../format/date';
import { formatAmount, formatCount } from '../format/money';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { CallAnswer } from '../gateway/registry';
import { hasExactKey, textOf, type ListValues } from '../list-kit/definition';
import { batchRows, ExportUpstreamError } from '../list-kit/export';
import type { ListSource } from '../list-kit/source';
import { transactionsList } from '../lists/transactions';
import type { SessionData } from '../session/session';
import { ExportTotals } from './export-totals';
import { realtimeFilters, realtimeQuery, SINGLE_SEARCH_ROLE } from './query';

type ExportPage = GatewayResult<CallAnswer<'exportTransactions'>>;

/**
 * The view's rows, one upstream call per batch, one call ahead: the next batch is asked for while
 * the file writes the current one, so the service's time and the writing overlap. No call is made
 * once the signal aborted, and the answer of a call in flight at that moment is dropped.
 */
export async function* transactionBatches(
  session: SessionData,
  values: ListValues,
  { signal, maxRows = Infinity, limit = batchRows() }: { signal: AbortSignal; maxRows?: number; limit?: number },
): AsyncGenerator<Record<string, unknown>[]> {
  const query = realtimeFilters(values);
  const fetchAfter = (after: string | undefined, requested: number): Promise<ExportPage> => {
    signal.throwIfAborted();
    return callUpstream('exportTransactions', { ...query, after, limit: Math.min(limit, maxRows - requested) }, session);
  };
  let requested = 0;
  let next: Promise<ExportPage> | undefined = fetchAfter(undefined, 0);
  while (next) {
    const page: ExportPage = await next;
    signal.throwIfAborted();
    if (!page.ok) throw new ExportUpstreamError(page.error);
    const rows = page.data.data;
    requested += rows.length;
    const after: string | undefined = requested < maxRows ? (page.data.next ?? undefined) : undefined;
    next = after ? fetchAfter(after, requested) : undefined;
    // A call started for rows nobody will read must not surface as an unhandled rejection.
    next?.catch(() => undefined);
    if (rows.length > 0) yield rows;
  }
}

const singleOnly = (session: SessionData) => session.roleId === SINGLE_SEARCH_ROLE;

/** Real-time transactions: the realtime call, its SALE/VOID/REFUND summary, and the keyset export. */
export const transactionsSource: ListSource = {
  definition: transactionsList,
  refusal: (session, values) => (singleOnly(session) && !hasExactKey(transactionsList, values) ? { code: 'SINGLE_SEARCH_ONLY', message: 'tx.singleOnly' } : undefined),
  async load(session, values, t) {
    const answer = await callUpstream('realtimeTransactions', realtimeQuery(values), session);
    if (!answer.ok) return answer;
    const { data, total, totalAmount, summary } = answer.data;
    return {
      ...answer,
      data: {
        rows: data,
        total,
        summary: [
          { id: 'net', title: t('tx.totalAmount'), value: formatAmount(totalAmount) },
          { id: 'count', title: t('tx.count'), value: formatCount(total) },
          ...summary.map((line) => ({ id: line.name, title: t('tx.summaryTitle', { name: t(`tx.summary.${line.name}`), count: formatCount(line.count) }), value: formatAmount(line.amount) })),
        ],
      },
    };
  },
  export: {
    async count(session, values) {
      // One row of the realtime call gives the total (for the progress and the xlsx limit) before any row is written.
      const answer = await callUpstream('realtimeTransactions', { ...realtimeFilters(values), limit: 1, page: 1 }, session);
      return answer.ok ? { ...answer, data: singleOnly(session) ? Math.min(answer.data.total, 1) : answer.data.total } : answer;
    },
    batches: (session, values, options) => transactionBatches(session, values, options),
    totals: () => new ExportTotals(),
    fileName(values) {
      const day = (text: string | undefined) => {
        const parsed = parseDay(text);
        return parsed ? toCompactDay(parsed) : '';
      };
      return `transactions_${day(textOf(values, 'from'))}_${day(textOf(values, 'to'))}`;
    },
  },
};
