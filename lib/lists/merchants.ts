import { PAYMENT_TYPES } from '../domain/transaction-types';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn, type ListFilter } from '../list-kit/definition';
import { MERCHANT_STATUSES, SERVICE_STATUSES, STORE_STATUSES } from '../merchants/codes';

/**
 * The three screens of merchant management on the list kit: merchant information, payment service
 * and store information. Names picked by language (a business's Chinese name, a store's Chinese
 * street) are fields the sources add (`*Label`), so the page and its export show the same words.
 */

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `merchant.fields.${id}`, field, ...rest });

const customerFilter: ListFilter = { key: 'customer', label: 'list.customer', kind: 'option', source: 'customers' };
const merchantFilter: ListFilter = { key: 'merchant', label: 'merchant.fields.merchantNo', kind: 'option', source: 'merchants', within: 'customer' };

const merchantNo = column('merchantNo', 'merchant_no', { sort: 'merchant_no' });
const businessName = column('businessName', 'businessLabel', { long: true });
const accountNo = column('accountNo', 'account_no', { format: 'masked' });

const BR_STATE = column('brState', 'brState', { names: 'merchant.brStates', tones: { expiring: 'warning', expired: 'error' } });
const MERCHANT_STATUS = column('status', 'status', { names: 'merchant.merchantStatuses', tones: { Active: 'success', Inactive: 'default' } });

const MERCHANT_COLUMNS: ListColumn[] = [
  merchantNo,
  { ...businessName, sort: 'business_name' },
  column('customer', 'customerLabel', { optional: true }),
  column('group', 'groupName', { optional: true }),
  column('assignedDate', 'assigned_date', { sort: 'assigned_date', optional: true }),
  column('telNo', 'tel_no', { optional: true, format: 'phone' }),
  column('email', 'email', { optional: true }),
  column('cnFee', 'cn_fee', { format: 'percent', optional: true }),
  column('hkFee', 'hk_fee', { format: 'percent', optional: true }),
  column('paymentTypes', 'paymentTypeNumber', { format: 'count' }),
  column('stores', 'sidNumber', { format: 'count' }),
  column('terminals', 'tidNumber', { format: 'count' }),
  column('brExpiry', 'brExpiryDate', { optional: true }),
  BR_STATE,
  { ...MERCHANT_STATUS, sort: 'status', pinned: true },
];

/** Merchant information (spec sections 3 and 7): a merchant's counts, registration, bank account and contacts. */
export const merchantsList = defineList({
  id: 'merchants',
  title: 'menu.merchants',
  menu: 'merchants',
  filters: [customerFilter, merchantFilter, { key: 'status', label: 'merchant.fields.status', kind: 'code', codes: MERCHANT_STATUSES, names: 'merchant.merchantStatuses' }],
  sorts: ['merchant_no', 'business_name', 'assigned_date', 'status'],
  defaultSort: 'merchant_no',
  defaultDir: 'asc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: MERCHANT_COLUMNS,
  details: [
    merchantNo,
    businessName,
    column('customer', 'customerLabel'),
    column('partner', 'partnerLabel'),
    column('group', 'groupName'),
    column('assignedDate', 'assigned_date'),
    MERCHANT_STATUS,
    column('telNo', 'tel_no', { format: 'phone' }),
    column('email', 'email'),
    column('cnFee', 'cn_fee', { format: 'percent' }),
    column('hkFee', 'hk_fee', { format: 'percent' }),
    column('paymentTypes', 'paymentTypeNumber', { format: 'count' }),
    column('stores', 'sidNumber', { format: 'count' }),
    column('terminals', 'tidNumber', { format: 'count' }),
    column('brExpiry', 'brExpiryDate'),
    BR_STATE,
    column('bankName', 'bankLabel'),
    column('accountName', 'account_name'),
    accountNo,
    column('swift', 'swiftcode'),
  ],
  detailTitle: 'merchant.merchantDetail',
  detailRows: [
    {
      id: 'contacts',
      title: 'merchant.contacts',
      call: 'merchantContacts',
      input: { merchant_no: 'merchant_no' },
      rows: 'data',
      columns: [column('contactName', 'name'), column('mobile', 'mobile_no', { format: 'phone' }), column('email', 'email')],
      rowKey: 'id',
    },
  ],
  rowKey: 'merchant_no',
  exportable: true,
});

const SERVICE_STATUS = column('serviceStatus', 'status', { names: 'merchant.serviceStatuses', tones: { Y: 'success', N: 'default' } });
const FEES: ListColumn[] = [
  column('feeCn', 'fee_cn', { format: 'percent' }),
  column('feeHk', 'fee_hk', { format: 'percent' }),
  column('feeHkMaster', 'fee_hk_master', { format: 'percent' }),
  column('feeHkVisa', 'fee_hk_visa', { format: 'percent' }),
  column('feeOverseasVisa', 'fee_overseas_visa', { format: 'percent' }),
  column('feeOverseasMaster', 'fee_overseas_master', { format: 'percent' }),
];

/** Payment service (spec section 3): each merchant's schemes and wallets, enabled or closed, with their fees. */
export const paymentsList = defineList({
  id: 'payments',
  title: 'menu.payments',
  menu: 'payments',
  filters: [
    customerFilter,
    merchantFilter,
    { key: 'paymentType', label: 'merchant.fields.paymentType', kind: 'code', codes: PAYMENT_TYPES, names: 'paymentType' },
    { key: 'status', label: 'merchant.fields.serviceStatus', kind: 'code', codes: SERVICE_STATUSES, names: 'merchant.serviceStatuses' },
  ],
  sorts: ['merchant_no', 'payment_type', 'status', 'activation_date'],
  defaultSort: 'merchant_no',
  defaultDir: 'asc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: [
    merchantNo,
    { ...businessName, optional: true },
    column('paymentType', 'payment_type', { names: 'paymentType', sort: 'payment_type' }),
    column('activationDate', 'activation_date', { sort: 'activation_date' }),
    ...FEES,
    column('primaryContact', 'primary_contact', { optional: true }),
    column('primaryEmail', 'primary_email', { optional: true }),
    column('bankName', 'bank_name', { optional: true }),
    column('payee', 'payee', { optional: true }),
    { ...accountNo, optional: true },
    column('swift', 'swift_code', { optional: true }),
    { ...SERVICE_STATUS, sort: 'status', pinned: true },
  ],
  details: [
    merchantNo,
    businessName,
    column('paymentType', 'payment_type', { names: 'paymentType' }),
    SERVICE_STATUS,
    column('activationDate', 'activation_date'),
    ...FEES,
    column('primaryContact', 'primary_contact'),
    column('primaryEmail', 'primary_email'),
    column('bankName', 'bank_name'),
    column('payee', 'payee'),
    accountNo,
    column('swift', 'swift_code'),
  ],
  detailTitle: 'merchant.serviceDetail',
  rowKey: 'serviceKey',
  exportable: true,
});

const STORE_STATUS = column('storeStatus', 'status', { names: 'merchant.storeStatuses', tones: { Active: 'success', Inactive: 'default', Applying: 'processing' } });

/** Store information (spec section 3): stores with their terminals, status and address. */
export const storesList = defineList({
  id: 'stores',
  title: 'menu.stores',
  menu: 'stores',
  filters: [
    customerFilter,
    merchantFilter,
    { key: 'store', label: 'merchant.fields.store', kind: 'option', source: 'stores', within: 'merchant' },
    { key: 'status', label: 'merchant.fields.storeStatus', kind: 'code', codes: STORE_STATUSES, names: 'merchant.storeStatuses' },
  ],
  sorts: ['store_code', 'store_name', 'merchant_no', 'status', 'activation_date'],
  defaultSort: 'store_code',
  defaultDir: 'asc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: [
    column('storeCode', 'store_code', { sort: 'store_code' }),
    column('storeName', 'store_name', { sort: 'store_name', long: true }),
    merchantNo,
    { ...businessName, optional: true },
    column('address', 'addressLabel', { long: true }),
    column('terminals', 'tidNumber', { format: 'count' }),
    column('activationDate', 'activationDate', { sort: 'activation_date' }),
    { ...STORE_STATUS, sort: 'status', pinned: true },
  ],
  details: [
    column('storeCode', 'store_code'),
    column('storeName', 'store_name'),
    merchantNo,
    businessName,
    STORE_STATUS,
    column('activationDate', 'activationDate'),
    column('address', 'addressLabel'),
    column('district', 'district'),
    column('city', 'city'),
    column('terminals', 'tidNumber', { format: 'count' }),
    column('terminalNos', 'terminalList'),
  ],
  detailTitle: 'merchant.storeDetail',
  rowKey: 'store_code',
  exportable: true,
});

