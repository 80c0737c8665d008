import 'server-only';
import { daySpan, parseDay, today } from '../format/date';
import { formatAmount, formatCount } from '../format/money';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { CallAnswer, CallInput } from '../gateway/define';
import { textOf, type ListDefinition, type ListValues } from '../list-kit/definition';
import { GatewayFault } from '../gateway/errors';
import { batchRows, numberedPages } from '../list-kit/export';
import type { ListSource } from '../list-kit/source';
import { columnSums, type SummedColumn } from '../list-kit/sums';
import { ExportTotals } from '../transactions/export-totals';
import type { SessionData } from '../session/session';
import { SETTLEMENT_CALLS } from './calls';

/** The list calls page at most this many rows; their exports read the view a page at a time. */
const LIST_PAGE_MAX = 100;

/** A list's span as the settlement calls take it (14-digit bounds), and its days for file names. */
function span(values: ListValues) {
  const from = parseDay(textOf(values, 'from')) ?? today();
  const to = parseDay(textOf(values, 'to')) ?? from;
  return { ...daySpan(from, to), name: `${(textOf(values, 'from') ?? '').replaceAll('-', '')}_${(textOf(values, 'to') ?? '').replaceAll('-', '')}` };
}

const countOf = <T extends { total: number }>(answer: GatewayResult<T>): GatewayResult<number> => (answer.ok ? { ...answer, data: answer.data.total } : answer);

type ListCall = typeof SETTLEMENT_CALLS.settlementFiles | typeof SETTLEMENT_CALLS.remittances;

/**
 * A settlement list's server half: one call for the page and its totals (summary cards from the
 * answer's total fields), and its export a page at a time with column sums under the rows.
 */
function listCallSource<N extends ListCall>(
  definition: ListDefinition,
  call: N,
  filters: (values: ListValues) => CallInput<N>,
  cards: { id: string; title: string; total: keyof CallAnswer<N>; format: 'amount' | 'count' }[],
  sums: SummedColumn[],
): ListSource {
  const ask = (session: SessionData, values: ListValues, page: number, limit: number) =>
    callUpstream(call, { ...filters(values), page, limit } as CallInput<N>, session) as Promise<GatewayResult<CallAnswer<ListCall>>>;
  return {
    definition,
    async load(session, values, t) {
      const answer = await ask(session, values, values.page, values.size);
      if (!answer.ok) return answer;
      const figures = answer.data as unknown as Record<string, string | number>;
      return {
        ...answer,
        data: {
          rows: answer.data.data,
          total: answer.data.total,
          summary: cards.map((card) => ({ id: card.id, title: t(card.title), value: (card.format === 'amount' ? formatAmount : formatCount)(figures[card.total as string]) })),
        },
      };
    },
    export: {
      count: async (session, values) => countOf(await ask(session, values, 1, 1)),
      batches: (session, values, options) =>
        numberedPages(
          async (page, limit) => {
            const answer = await ask(session, values, page, limit);
            return answer.ok ? { ...answer, data: { rows: answer.data.data as Record<string, unknown>[], totalPage: answer.data.totalPage } } : answer;
          },
          options,
          LIST_PAGE_MAX,
        ),
      totals: columnSums(sums),
      fileName: (values) => `${definition.id}_${span(values).name}`,
    },
  };
}

/** Settlement files: "Reconciliation" (every payment type) or its Alipay and WeChat Pay twin. */
export function filesSource(definition: ListDefinition, walletsOnly: boolean): ListSource {
  return listCallSource(
    definition,
    SETTLEMENT_CALLS.settlementFiles,
    (values) => {
      const { start, end } = span(values);
      return {
        sort: values.sort,
        order: values.dir,
        settleDateFrom: start,
        settleDateTo: end,
        customer_no: textOf(values, 'customer'),
        merchant_no: textOf(values, 'merchant'),
        payment_type: textOf(values, 'paymentType') as CallInput<typeof SETTLEMENT_CALLS.settlementFiles>['payment_type'],
        batch_no: textOf(values, 'batch'),
        walletsOnly: walletsOnly || undefined,
      };
    },
    [
      { id: 'volume', title: 'settle.volume', total: 'totalVolume', format: 'amount' },
      { id: 'mdrFee', title: 'settle.mdrFee', total: 'totalMdrFee', format: 'amount' },
      { id: 'count', title: 'settle.count', total: 'totalCount', format: 'count' },
      { id: 'files', title: 'settle.files', total: 'total', format: 'count' },
    ],
    [
      { label: 'settle.count', field: 'total_count', format: 'count' },
      { label: 'settle.volume', field: 'total_volume', format: 'amount' },
      { label: 'settle.mdrFee', field: 'mdr_fee', format: 'amount' },
    ],
  );
}

type FileRows = GatewayResult<CallAnswer<typeof SETTLEMENT_CALLS.settlementFileRows>>;

/** One settlement file's transactions: its download (CSV and Excel, named as its file_name). */
export function fileRowsSource(definition: ListDefinition, walletsOnly: boolean): ListSource {
  const file = (values: ListValues) => ({ file_id: textOf(values, 'file') ?? '', walletsOnly: walletsOnly || undefined });
  const detail = (session: SessionData, values: ListValues, page: number, limit: number) => callUpstream(SETTLEMENT_CALLS.settlementFileDetail, { ...file(values), page, limit }, session);
  return {
    definition,
    async load(session, values) {
      const answer = await detail(session, values, values.page, values.size);
      return answer.ok ? { ...answer, data: { rows: answer.data.data, total: answer.data.total } } : answer;
    },
    export: {
      count: async (session, values) => countOf(await detail(session, values, 1, 1)),
      // Keyset batches after the last id: a large file streams without OFFSET.
      async *batches(session, values, { signal, maxRows }) {
        let after: number | undefined;
        let read = 0;
        do {
          signal.throwIfAborted();
          const answer: FileRows = await callUpstream(SETTLEMENT_CALLS.settlementFileRows, { ...file(values), after, limit: Math.min(batchRows(), maxRows - read) }, session);
          signal.throwIfAborted();
          if (!answer.ok) throw new GatewayFault(answer.error);
          read += answer.data.data.length;
          if (answer.data.data.length > 0) yield answer.data.data;
          after = answer.data.next ?? undefined;
        } while (after !== undefined && read < maxRows);
      },
      // The file's count and net volume (sales less voids and refunds), from the rows written.
      totals: () => new ExportTotals(),
      async fileName(values, session) {
        const answer = await detail(session, values, 1, 1);
        return answer.ok ? answer.data.file.file_name : `settlement_${file(values).file_id}`;
      },
    },
  };
}

/** Remittances: "Fund settlement" (every wallet) or its Alipay and WeChat Pay twin. */
export function remittancesSource(definition: ListDefinition, walletsOnly: boolean): ListSource {
  return listCallSource(
    definition,
    SETTLEMENT_CALLS.remittances,
    (values) => {
      const { start, end } = span(values);
      return {
        sort: values.sort,
        order: values.dir,
        reconDateFrom: start,
        reconDateTo: end,
        customer_no: textOf(values, 'customer'),
        merchant_no: textOf(values, 'merchant'),
        wallet: textOf(values, 'wallet') as CallInput<typeof SETTLEMENT_CALLS.remittances>['wallet'],
        remit_order_type: textOf(values, 'remitType'),
        remitStatus: textOf(values, 'status') as CallInput<typeof SETTLEMENT_CALLS.remittances>['remitStatus'],
        walletsOnly: walletsOnly || undefined,
      };
    },
    [
      { id: 'receivable', title: 'settle.receivable', total: 'totalReceivable', format: 'amount' },
      { id: 'fee', title: 'settle.fee', total: 'totalFee', format: 'amount' },
      { id: 'remitted', title: 'settle.remitted', total: 'totalRemitted', format: 'amount' },
      { id: 'notRemitted', title: 'settle.notRemitted', total: 'totalNotRemitted', format: 'amount' },
    ],
    [
      { label: 'settle.receivable', field: 'receivable_amount', format: 'amount' },
      { label: 'settle.fee', field: 'fee', format: 'amount' },
      { label: 'settle.remitted', field: 'real_remit_amount', format: 'amount' },
      { label: 'settle.notRemitted', field: 'not_remit_amount', format: 'amount' },
    ],
  );
}
