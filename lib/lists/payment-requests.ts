import { PAYMENT_REQUEST_STATUSES } from '../collect/codes';
import { SEARCH_SPAN_DAYS } from '../format/span';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `collect.fields.${id}`, field, ...rest });

const COLUMNS: ListColumn[] = [
  column('createdAt', 'createdAt', { format: 'timestamp14', sort: 'createdAt' }),
  column('requestNo', 'requestNo'),
  column('merchant', 'merchant', { long: true }),
  column('store', 'store', { long: true }),
  column('description', 'description', { long: true }),
  column('expiresAt', 'expiresAt', { format: 'timestamp14', sort: 'expiresAt' }),
  column('paidAt', 'paidAt', { format: 'timestamp14', optional: true }),
  column('paymentType', 'paymentType', { names: 'paymentType', optional: true }),
  column('refno', 'refno', { optional: true }),
  column('createdBy', 'createdBy', { optional: true, long: true }),
  column('amount', 'amount', { format: 'amount', sort: 'amount', pinned: true }),
  column('status', 'status', { names: 'collect.statuses', sort: 'status', pinned: true }),
];

/**
 * Create transaction (issue 15): the payment requests, newest first, under the form that makes
 * them. An open request's drawer opens its pay link or cancels it (components/collect/PaymentRequestActions.tsx).
 */
export const paymentRequestsList = defineList({
  id: 'paymentRequests',
  title: 'menu.createTransaction',
  menu: 'createTransaction',
  filters: [
    { key: 'dates', label: 'collect.filters.dates', kind: 'days', maxDays: SEARCH_SPAN_DAYS, defaultDays: 30 },
    { key: 'merchant', label: 'collect.fields.merchant', kind: 'option', source: 'merchants' },
    { key: 'status', label: 'collect.fields.status', kind: 'code', codes: PAYMENT_REQUEST_STATUSES, names: 'collect.statuses' },
    { key: 'requestNo', label: 'collect.fields.requestNo', kind: 'text', max: 30, exact: true },
  ],
  sorts: ['createdAt', 'amount', 'expiresAt', 'status'],
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: COLUMNS,
  details: [...COLUMNS, column('payLink', 'payLink'), column('cancelledAt', 'cancelledAt', { format: 'timestamp14' })],
  detailTitle: 'collect.detailTitle',
  rowKey: 'id',
  exportable: true,
});
