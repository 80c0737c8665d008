import 'server-only';
import { parseDay, toCompactDay } from '../format/date';
import { formatAmount, formatCount } from '../format/money';
import { callUpstream } from '../gateway/client';
import { GatewayFault } from '../gateway/errors';
import type { CallInput } from '../gateway/define';
import { NAME_FIELDS } from '../i18n/names';
import { streamUpstream } from '../gateway/stream';
import { hasExactKey, textOf, type ListValues } from '../list-kit/definition';
import type { ListSource } from '../list-kit/source';
import { transactionsList } from '../lists/transactions';
import type { SessionData } from '../session/session';
import { categoryAmount, ExportTotals } from './export-totals';
import { realtimeFilters, realtimeQuery, SINGLE_SEARCH_ROLE } from './query';
import { TRANSACTION_CALLS } from './calls';

/**
 * The view's rows as one streamed upstream answer: only `fields` (what the file's columns and its
 * totals read), in the view's order, handed on a few at a time as they arrive. The stream stops (and
 * the services stop reading) when the signal aborts or the reader stops early.
 */
export async function* transactionBatches(
  session: SessionData,
  values: ListValues,
  { signal, maxRows = Infinity, fields }: { signal: AbortSignal; maxRows?: number; fields: readonly string[] },
): AsyncGenerator<Record<string, unknown>[]> {
  // A file that shows the store's name asks for its Chinese names too: the kit writes the reader's (lib/i18n/names.ts).
  const named = fields.includes('store_name') ? [...fields, ...NAME_FIELDS.store_name] : fields;
  const columns = named as CallInput<typeof TRANSACTION_CALLS.exportTransactions>['columns'];
  const opened = await streamUpstream(TRANSACTION_CALLS.exportTransactions, { ...realtimeFilters(values), columns, limit: Number.isFinite(maxRows) ? maxRows : undefined }, session, signal);
  if (!opened.ok) throw new GatewayFault(opened.error);
  yield* opened.data;
}

const singleOnly = (session: SessionData) => session.roleId === SINGLE_SEARCH_ROLE;

/** Real-time transactions: the realtime call, its SALE/VOID/REFUND summary, and the keyset export. */
export const transactionsSource: ListSource = {
  definition: transactionsList,
  refusal: (session, values) => (singleOnly(session) && !hasExactKey(transactionsList, values) ? { code: 'SINGLE_SEARCH_ONLY', message: 'tx.singleOnly' } : undefined),
  async load(session, values, t) {
    const answer = await callUpstream(TRANSACTION_CALLS.realtimeTransactions, realtimeQuery(values), session);
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
          ...summary.map((line) => ({ id: line.name, title: t('tx.summaryTitle', { name: t(`tx.summary.${line.name}`), count: formatCount(line.count) }), value: formatAmount(categoryAmount(line.name, line.amount)) })),
        ],
      },
    };
  },
  export: {
    async count(session, values) {
      // One row of the realtime call gives the total (for the progress and the xlsx limit) before any row is written.
      const answer = await callUpstream(TRANSACTION_CALLS.realtimeTransactions, { ...realtimeFilters(values), limit: 1, page: 1 }, session);
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
