/**
 * Transaction type codes (designed here; the spec names only the default list
 * 11,21,31,41,42,43,01,02,50) and the summary category each counts in.
 */
export const TRANSACTION_TYPES = {
  '11': { name: 'Card sale', category: 'SALE' },
  '21': { name: 'Card void', category: 'VOID' },
  '31': { name: 'Card refund', category: 'REFUND' },
  '41': { name: 'Pre-authorisation completion', category: 'SALE' },
  '42': { name: 'Pre-authorisation completion void', category: 'VOID' },
  '43': { name: 'Offline sale', category: 'SALE' },
  '01': { name: 'QR payment', category: 'SALE' },
  '02': { name: 'QR refund', category: 'REFUND' },
  '50': { name: 'Portal refund', category: 'REFUND' },
  '61': { name: 'Pre-authorisation', category: 'OTHER' },
} as const;

export type TransactionTypeCode = keyof typeof TRANSACTION_TYPES;
export type TransactionCategory = (typeof TRANSACTION_TYPES)[TransactionTypeCode]['category'];

/** Spec section 7: the realtime call's types when none are given. */
export const DEFAULT_TRANS_TYPES: TransactionTypeCode[] = ['11', '21', '31', '41', '42', '43', '01', '02', '50'];

export const SUMMARY_CATEGORIES = ['SALE', 'VOID', 'REFUND'] as const;

/**
 * The categories whose money goes out (a void gives a sale back, a refund pays some of it back):
 * the net takes them away, and their amounts are shown with a minus sign wherever they are listed
 * or summed, so that a refund never reads as a sale.
 */
export const OUTGOING_CATEGORIES: readonly TransactionCategory[] = ['VOID', 'REFUND'];

export const isOutgoing = (category: string): boolean => (OUTGOING_CATEGORIES as readonly string[]).includes(category);

export const CARD_SCHEMES = ['VISA', 'MASTER', 'UNIONPAY', 'JCB', 'AMEX'] as const;
export const WALLETS = ['ALIPAY', 'WECHAT'] as const;
export const PAYMENT_TYPES = [...CARD_SCHEMES, ...WALLETS] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export function isWallet(paymentType: string): boolean {
  return (WALLETS as readonly string[]).includes(paymentType);
}
