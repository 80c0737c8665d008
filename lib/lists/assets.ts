import { ASSET_TYPES, DIRECTIONS, HISTORY_SORTS, OPERATION_SOURCES, OPERATION_TYPES } from '../assets/codes';
import { SEARCH_SPAN_DAYS } from '../format/span';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';

/** A decrease is money going out of the balance: its amount carries the minus sign. */
const DECREASES = ['DECREASE'] as const;

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `assets.history.${id}`, field, ...rest });

/**
 * Total assets' movement history (spec section 3): every increase and decrease of the margin, the
 * deposit and the refund pool, newest first over the last year by default. It sits under the
 * page's figures and pie, so it carries the page's title.
 */
export const assetHistoryList = defineList({
  id: 'assetHistory',
  title: 'menu.totalAssets',
  menu: 'totalAssets',
  filters: [
    { key: 'dates', label: 'assets.history.dates', kind: 'days', maxDays: SEARCH_SPAN_DAYS, defaultDays: SEARCH_SPAN_DAYS },
    { key: 'assetType', label: 'assets.history.assetType', kind: 'code', codes: ASSET_TYPES, names: 'assets.assetTypes' },
    { key: 'direction', label: 'assets.history.direction', kind: 'code', codes: DIRECTIONS, names: 'assets.directions' },
    { key: 'operationType', label: 'assets.history.operationType', kind: 'code', codes: OPERATION_TYPES, names: 'assets.operationTypes' },
    { key: 'source', label: 'assets.history.source', kind: 'code', codes: OPERATION_SOURCES, names: 'assets.sources' },
  ],
  sorts: HISTORY_SORTS,
  defaultSort: 'operationDate',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: [
    // When, which balance, what happened and by how much (a decrease with its minus sign); the
    // customer (always the user's own), the source and the operator are in the column menu.
    column('operationDate', 'operationDate', { format: 'timestamp14', sort: 'operationDate' }),
    column('customerId', 'customerId', { optional: true }),
    column('assetType', 'assetType', { names: 'assets.assetTypes', sort: 'assetType' }),
    column('operationType', 'operationType', { names: 'assets.operationTypes' }),
    column('source', 'operationSource', { names: 'assets.sources', optional: true }),
    column('operator', 'operatorName', { optional: true, long: true }),
    column('direction', 'direction', { names: 'assets.directions' }),
    column('amount', 'amount', { format: 'amount', sort: 'amount', pinned: true, outgoing: { field: 'direction', codes: DECREASES } }),
  ],
  detailTitle: 'assets.history.detail',
  rowKey: 'id',
  exportable: true,
});
