import 'server-only';
import { ACCOUNT_CALLS } from './accounts/calls';
import { ASSET_CALLS } from './assets/calls';
import { SSO_CALLS } from './auth/calls';
import { COLLECT_CALLS } from './collect/calls';
import { DASHBOARD_CALLS } from './dashboard/calls';
import { DOCUMENT_CALLS } from './documents/calls';
import type { CallAnswer, CallInput } from './gateway/define';
import { MERCHANT_CALLS } from './merchants/calls';
import { NOTICE_CALLS } from './notices/calls';
import { REFUND_CALLS } from './refunds/calls';
import { SETTLEMENT_CALLS } from './settlements/calls';
import { TIP_CALLS } from './tips/calls';
import { TRANSACTION_CALLS } from './transactions/calls';
import { FACTOR_CALLS } from './two-step/calls';

/**
 * Every upstream call by name, for where a name arrives from outside: the browser's door
 * (/api/gateway/[call]) and the tests that sweep every call. The portal's own code hands the
 * gateway a definition from its area (lib/<area>/calls.ts), never a name.
 */
export const CALLS = {
  ...SSO_CALLS,
  ...TRANSACTION_CALLS,
  ...DASHBOARD_CALLS,
  ...SETTLEMENT_CALLS,
  ...ACCOUNT_CALLS,
  ...FACTOR_CALLS,
  ...REFUND_CALLS,
  ...MERCHANT_CALLS,
  ...NOTICE_CALLS,
  ...DOCUMENT_CALLS,
  ...ASSET_CALLS,
  ...COLLECT_CALLS,
  ...TIP_CALLS,
};

export type CallName = keyof typeof CALLS;
export type NamedInput<N extends CallName> = CallInput<(typeof CALLS)[N]>;
export type NamedAnswer<N extends CallName> = CallAnswer<(typeof CALLS)[N]>;

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(CALLS, name);
}
