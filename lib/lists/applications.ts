import { APPLICATION_STATUSES } from '../applications/codes';
import { PAYMENT_TYPES } from '../domain/transaction-types';
import { SEARCH_SPAN_DAYS } from '../format/span';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `applyService.fields.${id}`, field, ...rest });

const COLUMNS: ListColumn[] = [
  column('createdAt', 'createdAt', { format: 'timestamp14', sort: 'createdAt' }),
  column('applicationNo', 'applicationNo'),
  column('merchant', 'merchant_no', { sort: 'merchant_no' }),
  column('merchantName', 'merchantName', { long: true }),
  column('paymentType', 'payment_type', { names: 'paymentType', sort: 'payment_type' }),
  column('storeCount', 'storeCount', { format: 'count' }),
  column('monthlyVolume', 'monthlyVolume', { format: 'amount', optional: true }),
  column('updatedAt', 'updatedAt', { format: 'timestamp14', sort: 'updatedAt', optional: true }),
  column('rejectReason', 'rejectReason', { long: true }),
  column('status', 'status', { names: 'applyService.statuses', sort: 'status', pinned: true }),
];

/**
 * The customer's applications for a payment service with their review status (issue 13), under
 * the application form on the same page, which carries the page's title.
 */
export const applicationsList = defineList({
  id: 'applications',
  title: 'menu.applyService',
  menu: 'applyService',
  filters: [
    { key: 'dates', label: 'applyService.filters.dates', kind: 'days', maxDays: SEARCH_SPAN_DAYS, defaultDays: SEARCH_SPAN_DAYS },
    { key: 'merchant', label: 'applyService.fields.merchant', kind: 'option', source: 'merchants' },
    { key: 'paymentType', label: 'applyService.fields.paymentType', kind: 'code', codes: PAYMENT_TYPES, names: 'paymentType' },
    { key: 'status', label: 'applyService.fields.status', kind: 'code', codes: APPLICATION_STATUSES, names: 'applyService.statuses' },
  ],
  sorts: ['createdAt', 'updatedAt', 'merchant_no', 'payment_type', 'status'],
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: COLUMNS,
  details: [
    ...COLUMNS,
    column('stores', 'stores'),
    column('contactName', 'contactName'),
    column('contactNumber', 'contactNumber', { format: 'phone' }),
    column('remark', 'remark'),
    column('applicant', 'applicant'),
  ],
  detailTitle: 'applyService.detail',
  rowKey: 'id',
  exportable: true,
});
