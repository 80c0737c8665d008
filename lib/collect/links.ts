import 'server-only';
import { upstreamBase } from '../gateway/client';
import { payLink, storePayLink } from './codes';

/**
 * The payer's side of collect payment is the provider's payment page: PAYMENT_PAGE_URL, its public
 * address (what a phone that scans the code can reach), by default where the services are.
 */
export const paymentPageBase = (env: NodeJS.ProcessEnv = process.env) => (env.PAYMENT_PAGE_URL || upstreamBase('/pay/', env)).replace(/\/+$/, '');
export const requestPayLink = (token: string) => payLink(paymentPageBase(), token);
export const storeCodeLink = (token: string) => storePayLink(paymentPageBase(), token);
