import { REFUND_SPAN_DAYS } from '../format/span';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn, type ListFilter } from '../list-kit/definition';
import { APPROVAL_STATUSES, PENDING_STATUS } from '../refunds/codes';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `refund.col.${id}`, field, ...rest });

/**
 * What a maker and a checker decide by: when it was asked, the request's number, which sale (store
 * and order), how much of how much, why, and where it stands. Who asked, the merchant number and the
 * sale's time are in the column menu and the details.
 */
const COLUMNS: ListColumn[] = [
  column('createDate', 'createDate', { format: 'timestamp14', sort: 'createDate' }),
  column('refundNo', 'refundNo'),
  column('merchant', 'merchantNo', { optional: true }),
  column('store', 'storeName', { long: true }),
  column('order', 'alipayOrder'),
  column('transTime', 'transTime', { format: 'timestamp14', sort: 'transTime', optional: true }),
  column('transAmount', 'transAmount', { format: 'amount' }),
  column('reasonType', 'reasonType', { names: 'refund.reasonTypes' }),
  column('applyUser', 'applyUserName', { optional: true, long: true }),
  column('refundAmount', 'refundAmount', { format: 'amount', sort: 'refundAmount', pinned: true }),
  column('status', 'approveStatus', { names: 'refund.status', pinned: true }),
  column('terminal', 'terminalNo', { optional: true }),
  column('eft', 'eftOrder', { optional: true }),
  column('rrn', 'refno', { optional: true }),
  column('batchNo', 'refundBatchNo', { optional: true }),
  column('reason', 'reason', { optional: true, long: true }),
  // The checker's words on a rejection: the requester reads them in the row's details and may show the column.
  column('rejectReason', 'rejectReason', { optional: true, long: true }),
  column('approveUser', 'approveUserName', { optional: true, long: true }),
  column('approveDate', 'approveDate', { format: 'timestamp14', optional: true }),
];

/** The refund query's filters (spec section 3): a span of at most 30 days, by default today. */
const FILTERS: ListFilter[] = [
  { key: 'dates', label: 'refund.col.createDate', kind: 'days', maxDays: REFUND_SPAN_DAYS, defaultDays: 1 },
  { key: 'merchant', label: 'tx.merchant', kind: 'option', source: 'merchants' },
  { key: 'store', label: 'tx.store', kind: 'option', source: 'stores', within: 'merchant' },
  { key: 'terminal', label: 'tx.terminal', kind: 'option', source: 'terminals', within: 'store' },
  { key: 'amountFrom', label: 'tx.amountFrom', kind: 'amount' },
  { key: 'amountTo', label: 'tx.amountTo', kind: 'amount', atLeast: 'amountFrom' },
  { key: 'order', label: 'tx.order', kind: 'text', max: 64, wide: true },
  { key: 'eft', label: 'tx.eft', kind: 'text', max: 64, wide: true },
  { key: 'rrn', label: 'tx.rrn', kind: 'text', max: 64, wide: true },
  { key: 'refundNo', label: 'refund.col.refundNo', kind: 'text', max: 64, wide: true },
  { key: 'batchNo', label: 'refund.col.batchNo', kind: 'text', max: 64, wide: true },
];

const common = {
  sorts: ['createDate', 'transTime', 'refundAmount'],
  defaultSort: 'createDate',
  defaultDir: 'desc' as const,
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: COLUMNS,
  detailTitle: 'refund.list.detail',
  rowKey: 'refundId',
  selection: { field: 'approveStatus', values: [PENDING_STATUS] },
};

/** The requests list (rftype 1) of the refund request page; a waiting request can be selected and voided. */
export const refundRequestsList = defineList({
  id: 'refundRequests',
  title: 'refund.requestTitle',
  menu: 'refundRequest',
  filters: [...FILTERS, { key: 'status', label: 'refund.col.status', kind: 'code', codes: APPROVAL_STATUSES, names: 'refund.status' }],
  ...common,
});

/** The review list (rftype 2: waiting, status 10); the selected requests are approved or rejected. */
export const refundReviewList = defineList({
  id: 'refundReview',
  title: 'refund.reviewTitle',
  menu: 'reviewRefund',
  // What waits for the checker, as far back as the search goes (30 days), not only today's requests:
  // the menu's badge counts every waiting request, and an empty list under it would say nothing waits.
  filters: FILTERS.map((filter) => (filter.kind === 'days' ? { ...filter, defaultDays: REFUND_SPAN_DAYS } : filter)),
  ...common,
});

/** Decided requests (getRefundApprovals), by decision date. */
export const refundDecidedList = defineList({
  id: 'refundDecided',
  title: 'refund.reviewTitle',
  menu: 'reviewRefund',
  filters: [{ key: 'dates', label: 'refund.col.approveDate', kind: 'days', maxDays: REFUND_SPAN_DAYS, defaultDays: REFUND_SPAN_DAYS }],
  sorts: ['approveDate'],
  defaultSort: 'approveDate',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  // Decided requests are listed by their decision: when and by whom it was made come first, the
  // request's date and the sale's amount go to the column menu to leave room for them.
  columns: [
    column('approveDate', 'approveDate', { format: 'timestamp14' }),
    ...COLUMNS.filter((c) => c.id !== 'approveDate').map((c) => (c.id === 'approveUser' ? { ...c, optional: false } : c.id === 'createDate' || c.id === 'transAmount' ? { ...c, optional: true } : c)),
  ],
  detailTitle: 'refund.list.detail',
  rowKey: 'refundId',
});
