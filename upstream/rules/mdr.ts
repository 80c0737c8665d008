import { isWallet } from '../../lib/domain/transaction-types';
import { feeCents } from './money';

/** A payment service's fee rates in percent (payment_services columns of the same names). */
export interface FeeRates {
  fee_cn: number;
  fee_hk: number;
  fee_hk_master: number;
  fee_hk_visa: number;
  fee_overseas_visa: number;
  fee_overseas_master: number;
}

/**
 * Which of a payment service's rates a sale pays: wallets by the wallet's region (payment_inst
 * `ALIPAY_CN` pays the CN rate, `_HK` the HK rate); Visa and Mastercard by the card's origin
 * (a foreign-currency sale pays the overseas rate); UnionPay the CN rate; JCB and AMEX the HK rate.
 * upstream/README.md states the same rule and tests/integration/upstream/settlements.test.ts checks
 * every settled sale against it in SQL.
 */
export function mdrRateColumn(paymentType: string, paymentInst: string, overseas: boolean): keyof FeeRates {
  if (isWallet(paymentType)) return paymentInst.endsWith('_CN') ? 'fee_cn' : 'fee_hk';
  if (paymentType === 'VISA') return overseas ? 'fee_overseas_visa' : 'fee_hk_visa';
  if (paymentType === 'MASTER') return overseas ? 'fee_overseas_master' : 'fee_hk_master';
  if (paymentType === 'UNIONPAY') return 'fee_cn';
  return 'fee_hk';
}

/** The MDR fee of a sale in cents (voids, refunds and pre-authorisations pay none). */
export function mdrCents(amountCents: number, rates: FeeRates, paymentType: string, paymentInst: string, overseas: boolean): number {
  return feeCents(amountCents, rates[mdrRateColumn(paymentType, paymentInst, overseas)]);
}
