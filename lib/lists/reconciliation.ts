import { OUTGOING_CATEGORIES, PAYMENT_TYPES, WALLETS } from '../domain/transaction-types';
import { SEARCH_SPAN_DAYS } from '../format/span';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn, type ListDefinition } from '../list-kit/definition';

/**
 * Reconciliation: the settlement files (one per merchant, settlement day and payment type), for
 * every payment type (`reconciliation`) or for Alipay and WeChat Pay only (`reconWxAli`). A file's
 * details are its transactions, server-paged; the file downloads as CSV and Excel (the
 * `…File` lists below, whose export is that file).
 */

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `settle.${id}`, field, ...rest });

const FILE_COLUMNS: ListColumn[] = [
  column('settleDate', 'settledate', { format: 'day8', sort: 'settledate' }),
  column('merchant', 'merchant_no', { sort: 'merchant_no' }),
  column('businessName', 'business_name', { long: true }),
  column('paymentType', 'payment_type', { names: 'paymentType', sort: 'payment_type' }),
  column('batch', 'batch_no', { sort: 'batch_no' }),
  column('fileName', 'file_name', { sort: 'file_name', optional: true }),
  column('count', 'total_count', { format: 'count', sort: 'total_count' }),
  column('mdrFee', 'mdr_fee', { format: 'amount', sort: 'mdr_fee' }),
  column('net', 'net_amount', { format: 'amount', optional: true }),
  column('volume', 'total_volume', { format: 'amount', sort: 'total_volume', pinned: true }),
];

/**
 * A settled transaction, as a file's details and its download list it: in the drawer's width, when,
 * where, which order, its type and its amount (money going out with its minus sign); the terminal,
 * the RRN and the fee are in the column menu (the download writes them all).
 */
const TRANSACTION_COLUMNS: ListColumn[] = [
  { id: 'time', label: 'tx.time', field: 'gmt_payment', format: 'timestamp14' },
  { id: 'store', label: 'tx.store', field: 'store_name', long: true },
  { id: 'terminal', label: 'tx.terminal', field: 'terminal_no', optional: true },
  { id: 'order', label: 'tx.order', field: 'order_no' },
  { id: 'rrn', label: 'tx.rrn', field: 'refno', optional: true },
  { id: 'type', label: 'tx.transType', field: 'trans_type', names: 'codes.transType' },
  { id: 'mdrFee', label: 'tx.mdrFee', field: 'mdr_fee', format: 'amount', optional: true },
  { id: 'amount', label: 'tx.amount', field: 'trans_amount', format: 'amount', pinned: true, outgoing: { field: 'category', codes: OUTGOING_CATEGORIES } },
];

function filesList(id: 'reconciliation' | 'reconWxAli', paymentTypes: readonly string[]): ListDefinition {
  return defineList({
    id,
    title: `menu.${id}`,
    menu: id,
    filters: [
      { key: 'dates', label: 'settle.settleDates', kind: 'days', maxDays: SEARCH_SPAN_DAYS, defaultDays: 30 },
      { key: 'customer', label: 'list.customer', kind: 'option', source: 'customers' },
      { key: 'merchant', label: 'settle.merchant', kind: 'option', source: 'merchants', within: 'customer' },
      { key: 'paymentType', label: 'settle.paymentType', kind: 'code', codes: paymentTypes, names: 'paymentType' },
      { key: 'batch', label: 'settle.batch', kind: 'text', max: 30 },
    ],
    sorts: ['settledate', 'merchant_no', 'payment_type', 'batch_no', 'file_name', 'total_count', 'total_volume', 'mdr_fee'],
    defaultSort: 'settledate',
    defaultDir: 'desc',
    pageSizes: DEFAULT_PAGE_SIZES,
    columns: FILE_COLUMNS,
    details: [column('fileName', 'file_name'), ...FILE_COLUMNS.filter((c) => c.id !== 'fileName'), column('fileId', 'file_id')],
    detailTitle: 'settle.fileDetail',
    detailRows: [
      {
        id: 'transactions',
        title: 'settle.fileTransactions',
        call: 'settlementFileDetail',
        input: { file_id: 'file_id' },
        fixed: id === 'reconWxAli' ? { walletsOnly: true } : undefined,
        rows: 'data',
        paged: true,
        columns: TRANSACTION_COLUMNS,
        rowKey: 'id',
        exportList: `${id}File`,
        exportFilters: { file: 'file_id' },
      },
    ],
    rowKey: 'file_id',
    exportable: true,
  });
}

export const reconciliationList = filesList('reconciliation', PAYMENT_TYPES);
export const reconWxAliList = filesList('reconWxAli', WALLETS);

/** One settlement file's transactions: the list whose export is the file's download (named as its file_name). */
function fileList(files: ListDefinition): ListDefinition {
  return defineList({
    id: `${files.id}File`,
    title: 'settle.fileTransactions',
    menu: files.menu,
    partOf: files.id,
    filters: [{ key: 'file', label: 'settle.fileId', kind: 'text', max: 80 }],
    sorts: ['id'],
    defaultSort: 'id',
    defaultDir: 'asc',
    pageSizes: DEFAULT_PAGE_SIZES,
    columns: TRANSACTION_COLUMNS,
    rowKey: 'id',
    exportable: true,
  });
}

export const reconciliationFileList = fileList(reconciliationList);
export const reconWxAliFileList = fileList(reconWxAliList);
