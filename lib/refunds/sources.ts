import 'server-only';
import { daySpan, parseDay, today } from '../format/date';
import { formatAmount, formatCount } from '../format/money';
import { callUpstream, type GatewayResult } from '../gateway/client';
import { textOf, type ListValues } from '../list-kit/definition';
import type { ListPage, ListSource, Translate } from '../list-kit/source';
import { refundDecidedList, refundRequestsList, refundReviewList } from '../lists/refunds';
import type { SessionData } from '../session/session';
import type { ApprovalStatus } from './codes';
import { REFUND_CALLS } from './calls';

/** The list's days as the refund calls take them (yyyyMMddHHmmss, whole days). */
function span(values: ListValues) {
  const from = parseDay(textOf(values, 'from')) ?? today();
  return daySpan(from, parseDay(textOf(values, 'to')) ?? from);
}

/** The refund query (spec section 3) for one page of a list's values. */
function refundQuery(values: ListValues, rftype: 1 | 2) {
  const text = (key: string) => textOf(values, key);
  const { start, end } = span(values);
  return {
    rftype,
    page: values.page,
    limit: values.size,
    sorting: values.sort as 'createDate' | 'transTime' | 'refundAmount',
    orderBy: values.dir,
    transStartDate: start,
    transEndDate: end,
    merchantNo: text('merchant'),
    storeNo: text('store'),
    terminalNo: text('terminal'),
    transAmountMin: text('amountFrom'),
    transAmountMax: text('amountTo'),
    alipayOrder: text('order'),
    eftOrder: text('eft'),
    refno: text('rrn'),
    refundNo: text('refundNo'),
    refundBatchNo: text('batchNo'),
    approveStatus: text('status') as ApprovalStatus | undefined,
  };
}

async function loadRefunds(session: SessionData, values: ListValues, t: Translate, rftype: 1 | 2): Promise<GatewayResult<ListPage>> {
  const answer = await callUpstream(REFUND_CALLS.refundList, refundQuery(values, rftype), session);
  if (!answer.ok) return answer;
  const { data: rows, total, totalAmount } = answer.data;
  const summary = [
    { id: 'count', title: t('refund.list.count'), value: formatCount(total) },
    { id: 'amount', title: t('refund.list.amount'), value: formatAmount(totalAmount) },
  ];
  return { ...answer, data: { rows, total, summary } };
}

export const refundRequestsSource: ListSource = {
  definition: refundRequestsList,
  load: (session, values, t) => loadRefunds(session, values, t, 1),
};

export const refundReviewSource: ListSource = {
  definition: refundReviewList,
  load: (session, values, t) => loadRefunds(session, values, t, 2),
};

export const refundDecidedSource: ListSource = {
  definition: refundDecidedList,
  async load(session, values) {
    const { start, end } = span(values);
    const answer = await callUpstream(REFUND_CALLS.refundApprovals, { page: values.page, limit: values.size, order: values.dir, apprStartDate: start, apprEndDate: end }, session);
    return answer.ok ? { ...answer, data: { rows: answer.data.data, total: answer.data.total } } : answer;
  },
};
