import type { UpstreamConfig } from './config';
import type { Endpoint } from './http/endpoint';
import { ACCOUNT_ENDPOINTS } from './services/accounts';
import { ACTIVITY_ENDPOINTS } from './services/activity';
import { APPLICATION_ENDPOINTS } from './services/applications';
import { COLLECT_ENDPOINTS } from './services/collect';
import { ASSET_ENDPOINTS } from './services/assets';
import { DEV_ENDPOINTS } from './services/dev';
import { DOCUMENT_ENDPOINTS } from './services/documents';
import { FACTOR_ENDPOINTS } from './services/factors';
import { CHOICE_ENDPOINTS } from './services/choices';
import { MERCHANT_ENDPOINTS } from './services/merchants';
import { NOTICE_ENDPOINTS } from './services/notices';
import { REFUND_ENDPOINTS } from './services/refunds';
import { SECOND_STEP_ENDPOINTS } from './services/second-step';
import { SETTLEMENT_ENDPOINTS } from './services/settlements';
import { SSO_ENDPOINTS } from './services/sso';
import { TIP_ENDPOINTS } from './services/tips';
import { TRANSACTION_ENDPOINTS } from './services/transactions';

/** Every call the reference services answer; /dev/* only outside production. */
export function endpointsFor(config: Pick<UpstreamConfig, 'mode'>): Endpoint[] {
  return [
    ...SSO_ENDPOINTS,
    ...SECOND_STEP_ENDPOINTS,
    ...FACTOR_ENDPOINTS,
    ...ACCOUNT_ENDPOINTS,
    ...ACTIVITY_ENDPOINTS,
    ...TRANSACTION_ENDPOINTS,
    ...TIP_ENDPOINTS,
    ...MERCHANT_ENDPOINTS,
    ...CHOICE_ENDPOINTS,
    ...REFUND_ENDPOINTS,
    ...ASSET_ENDPOINTS,
    ...APPLICATION_ENDPOINTS,
    ...SETTLEMENT_ENDPOINTS,
    ...NOTICE_ENDPOINTS,
    ...DOCUMENT_ENDPOINTS,
    ...COLLECT_ENDPOINTS,
    ...(config.mode === 'production' ? [] : DEV_ENDPOINTS),
  ];
}
