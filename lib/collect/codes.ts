import Big from 'big.js';

/**
 * Collect payment (issue 15): codes and limits, without zod (browser code reaches zod only through
 * lib/client/schemas.ts); the schema in rules.ts builds on them.
 */

/** Stored statuses are OPEN, PAID and CANCELLED; EXPIRED is an open request past its expiry by the services' clock. */
export const PAYMENT_REQUEST_STATUSES = ['OPEN', 'PAID', 'EXPIRED', 'CANCELLED'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];
export const CANCELLABLE_STATUS: PaymentRequestStatus = 'OPEN';
/**
 * The most one payment request may ask for, in HKD: a pay link for more is far more likely a slip
 * of the keyboard than a sale a payer's card would take at once (the sweep of 26 November made a
 * live link for HKD 99,999,999,999.00). The form, the route and the services refuse more.
 */
export const PAYMENT_REQUEST_MAX_AMOUNT = '1000000.00';
export const overRequestMaximum = (amount: string) => new Big(amount).gt(PAYMENT_REQUEST_MAX_AMOUNT);

/** The browser event a cancel sends, with the request's number, so that a form still showing its link takes it down. */
export const PAYMENT_REQUEST_CANCELLED = 'portal:payment-request-cancelled';

/**
 * How long a pay link stays payable, in minutes: at least 5 (time to open the link and pay), at
 * most 7 days (a stale link is a risk: the price or the order may have changed). The form offers
 * these choices; the default is one hour.
 */
export const EXPIRY_MINUTES = { min: 5, max: 7 * 24 * 60 } as const;
export const EXPIRY_CHOICES = [15, 60, 24 * 60, 7 * 24 * 60] as const;
export const DEFAULT_EXPIRY = 60;
/** A request made from a store's QR code, where the payer typed the amount: it is paid there and then. */
export const STORE_QR_EXPIRY = 15;

export const DESCRIPTION_MAX = 200;

/** How the demo payment page pays: the test card, or a wallet (recorded as the payment types the seed uses). */
export const PAY_METHODS = { CARD: { paymentType: 'VISA', transType: '11' }, ALIPAY: { paymentType: 'ALIPAY', transType: '01' }, WECHAT: { paymentType: 'WECHAT', transType: '01' } } as const;
export type PayMethod = keyof typeof PAY_METHODS;
/** The one card number the demo payment page approves (any future expiry, any 3-digit CVC). */
export const TEST_CARD = '4242424242424242';

/** A pay link's or a store code's opaque token (43 characters of base64url from 32 random bytes). */
export const PAY_TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

/** The pay page's address of a request, and of a store's QR code, under the payment page's public base. */
export const payLink = (base: string, token: string) => `${base.replace(/\/+$/, '')}/pay/${token}`;
export const storePayLink = (base: string, token: string) => `${base.replace(/\/+$/, '')}/pay/store/${token}`;
