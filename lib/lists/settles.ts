import { SEARCH_SPAN_DAYS } from '../format/span';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn, type ListDefinition } from '../list-kit/definition';

/**
 * Fund settlement: the remittances (what was paid to the bank for one merchant, day and wallet),
 * for every wallet (`settles`) or for Alipay and WeChat Pay only (`settleWxAli`). A merged
 * remittance expands to its members in its details, with the settlement files it pays.
 */

/** Remit order types: 00 normal, 10 split; any other code is supplementary (codes.remitOrderType names 20). */
export const REMIT_ORDER_TYPES = ['00', '10', '20'] as const;
export const REMIT_STATUSES = ['REMITTED', 'PENDING', 'FAILED'] as const;

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `settle.${id}`, field, ...rest });

const COLUMNS: ListColumn[] = [
  column('reconDate', 'reconciliation_date', { format: 'day8', sort: 'reconciliation_date' }),
  column('merchant', 'merchant_no', { sort: 'merchant_no' }),
  column('businessName', 'business_name', { optional: true, long: true }),
  column('wallet', 'wallet', { names: 'settle.wallets', sort: 'wallet' }),
  column('remitType', 'remit_order_type', { names: 'settle.remitTypes' }),
  column('merged', 'merge_remit', { names: 'settle.mergedFlag', optional: true }),
  column('accountNo', 'account_no', { format: 'masked', optional: true }),
  column('fee', 'fee', { format: 'amount', sort: 'fee' }),
  column('remitted', 'real_remit_amount', { format: 'amount', sort: 'real_remit_amount' }),
  column('notRemitted', 'not_remit_amount', { format: 'amount', sort: 'not_remit_amount' }),
  column('receivable', 'receivable_amount', { format: 'amount', sort: 'receivable_amount', pinned: true }),
  column('status', 'remit_status', { names: 'settle.statuses', sort: 'remit_status', pinned: true }),
];

/** A member of a merged remittance, in its details. */
const MEMBER_COLUMNS: ListColumn[] = COLUMNS.filter((c) => ['reconDate', 'wallet', 'fee', 'receivable', 'status'].includes(c.id)).map(({ sort: _sort, pinned: _pinned, ...c }) => c);

/** A settlement file a remittance pays, in its details. */
const FILE_COLUMNS: ListColumn[] = [
  column('settleDate', 'settledate', { format: 'day8' }),
  column('paymentType', 'payment_type', { names: 'paymentType' }),
  column('count', 'total_count', { format: 'count' }),
  column('mdrFee', 'mdr_fee', { format: 'amount' }),
  column('volume', 'total_volume', { format: 'amount' }),
];

function remittancesList(id: 'settles' | 'settleWxAli', wallets: readonly string[]): ListDefinition {
  return defineList({
    id,
    title: `menu.${id}`,
    menu: id,
    filters: [
      { key: 'dates', label: 'settle.reconDates', kind: 'days', maxDays: SEARCH_SPAN_DAYS, defaultDays: 30 },
      { key: 'customer', label: 'list.customer', kind: 'option', source: 'customers' },
      { key: 'merchant', label: 'settle.merchant', kind: 'option', source: 'merchants', within: 'customer' },
      { key: 'wallet', label: 'settle.wallet', kind: 'code', codes: wallets, names: 'settle.wallets' },
      { key: 'remitType', label: 'settle.remitType', kind: 'code', codes: REMIT_ORDER_TYPES, names: 'settle.remitTypes' },
      { key: 'status', label: 'settle.status', kind: 'code', codes: REMIT_STATUSES, names: 'settle.statuses' },
    ],
    sorts: ['reconciliation_date', 'merchant_no', 'wallet', 'receivable_amount', 'fee', 'real_remit_amount', 'not_remit_amount', 'remit_status'],
    defaultSort: 'reconciliation_date',
    defaultDir: 'desc',
    pageSizes: DEFAULT_PAGE_SIZES,
    columns: COLUMNS,
    details: [
      ...COLUMNS,
      column('rate', 'rate'),
      column('bankName', 'bank_name'),
      column('accountName', 'account_name'),
      column('swift', 'swift_code'),
    ],
    detailTitle: 'settle.remitDetail',
    detailRows: [
      {
        id: 'members',
        title: 'settle.members',
        call: 'remittanceDetail',
        input: { id: 'id' },
        fixed: id === 'settleWxAli' ? { walletsOnly: true } : undefined,
        rows: 'members',
        when: 'merge_remit',
        columns: MEMBER_COLUMNS,
        rowKey: 'id',
      },
      {
        id: 'files',
        title: 'settle.paidFiles',
        call: 'remittanceDetail',
        input: { id: 'id' },
        fixed: id === 'settleWxAli' ? { walletsOnly: true } : undefined,
        rows: 'files',
        columns: FILE_COLUMNS,
        rowKey: 'file_id',
      },
    ],
    rowKey: 'id',
    exportable: true,
  });
}

export const settlesList = remittancesList('settles', ['CARD', 'ALIPAY', 'WECHAT']);
export const settleWxAliList = remittancesList('settleWxAli', ['ALIPAY', 'WECHAT']);
