/**
 * The notifications screen's codes, shared by the reference services, the gateway and the browser.
 */

/** Payment-service news, and notices from the provider about the merchant's own business. */
export const NOTICE_KINDS = ['NEWS', 'NOTICE'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The list's read filter. */
export const NOTICE_STATES = ['UNREAD', 'READ'] as const;

/**
 * The spec's browser-stored item (section 3): here it holds the user id whose important notice was
 * already shown in this browser tab's sign-in, so the dialog opens once per sign-in; whether the
 * user acknowledged it is kept by the services, so that holds on every browser.
 */
export const NOTICE_DIALOG_KEY = 'showWrs2NotifyDialog';

/** The browser event after which the top bar's unread count is read again. */
export const NOTICES_CHANGED = 'portal:notices';
