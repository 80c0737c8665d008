/**
 * The notifications screen's codes, shared by the reference services, the gateway and the browser.
 */

/** Payment-service news, and notices from the provider about the merchant's own business. */
export const NOTICE_KINDS = ['NEWS', 'NOTICE'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The list's read filter. */
export const NOTICE_STATES = ['UNREAD', 'READ'] as const;

/** The browser event after which the top bar's unread count is read again. */
export const NOTICES_CHANGED = 'portal:notices';

/** The important-notice dialog's answers: not again in this sign-in, or never again. */
export const NOTICE_ANSWERS = ['later', 'acknowledge'] as const;
export type NoticeAnswer = (typeof NOTICE_ANSWERS)[number];

/** An important notice as its dialog shows it (lib/notices/important.ts). */
export interface ImportantNotice {
  id: number;
  title: string;
  body: string;
  createdAt: string;
}
