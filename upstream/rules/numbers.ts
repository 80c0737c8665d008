import { isWallet } from '../../lib/domain/transaction-types';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * A transaction's numbers as the acquirer's hosts make them, from its id and business day: the
 * wallet's or EFT order number, the scheme's trade number, the RRN, trace and invoice numbers. The
 * seed's transactions and a paid payment request's sale are numbered alike.
 */
export function transactionNumbers(id: number, compactDay: string, paymentType: string) {
  const wallet = isWallet(paymentType);
  return {
    orderNo: `${wallet ? (paymentType === 'ALIPAY' ? 'AP' : 'WX') : 'EP'}${compactDay}${pad(id, 10)}`,
    tradeNo: wallet ? `${compactDay}22001${pad(id, 11)}` : pad((id * 31) % 1_000_000, 6),
    outTradeNo: `EFT${pad(id, 12)}`,
    refno: pad((id * 7919 + 104729) % 1_000_000_000_000, 12),
    traceno: pad(id % 1_000_000, 6),
    invoiceNo: pad((id * 13) % 1_000_000, 6),
  };
}
