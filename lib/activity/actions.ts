/**
 * The activity log's vocabulary, shared by the reference services (which write and filter by it) and
 * the portal (which translates it): one stable code per kind of state change, and its outcome.
 */
export const ACTIVITY_ACTIONS = [
  'login',
  'login.sso',
  'login.failed',
  'login.refused',
  'login.locked',
  'logout',
  'token.renew',
  'password.change',
  'password.op.change',
  'password.verify.failed',
  'password.reset.requested',
  'password.reset.refused',
  'password.reset',
  'contact.update',
  'refund.request',
  'refund.approve',
  'refund.reject',
  'refund.cancel',
  'refund.approve.password_failed',
  'refund.approve.locked',
  'account.create',
  'account.edit',
  'account.activate',
  'account.deactivate',
  'account.complete',
  'file.export',
  'file.download',
  'application.submit',
  'document.upload',
  'document.remove',
  'notice.read',
  'notice.acknowledge',
  'collect.code.issue',
  'collect.request',
  'collect.cancel',
  'collect.pay',
  'factor.totp.enrol',
  'factor.totp.remove',
  'factor.passkey.add',
  'factor.passkey.rename',
  'factor.passkey.remove',
  'factor.recovery.used',
  'factor.recovery.regenerate',
  'factor.failed',
  'factor.locked',
  'factor.device.trust',
  'factor.device.remove',
  'factor.policy',
  'factor.reset',
  'device.remember',
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What the portal itself may record (files are made in the portal, not by the services). */
export const PORTAL_RECORDED_ACTIONS = ['file.export', 'file.download'] as const satisfies readonly ActivityAction[];

export const ACTIVITY_OUTCOMES = ['success', 'refused', 'cancelled', 'failed'] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];

export const isActivityAction = (value: string): value is ActivityAction => (ACTIVITY_ACTIONS as readonly string[]).includes(value);

/** The message key under `activity.actions` (next-intl reads dots as nesting): `login.failed` -> `loginFailed`. */
export const actionMessageKey = (action: ActivityAction) => action.replace(/[._]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The log's date span, as every other query but refunds (spec section 9). */
export const ACTIVITY_SPAN_DAYS = 366;
