import 'server-only';
import { callUpstream } from '../gateway/client';
import type { Language } from '../i18n/languages';
import type { SessionData } from '../session/session';
import { sessionConfig } from '../session/config';
import { bestEffort, sharedStore } from '../store/shared-store';
import { NOTICE_CALLS } from './calls';
import type { ImportantNotice } from './codes';

/**
 * That the user answered "Remind me later" in this sign-in: kept beside the session in the shared
 * store, so that the dialog can be part of each page as the server sends it (issue 29: never a late
 * paint) and, once answered, opens on no page of the sign-in, in any tab.
 */
const laterKey = (sid: string) => `notice-later:${sid}`;

/**
 * The important notices to open before the page: those the services hold unacknowledged for the
 * user, until the user has said "later" in this sign-in. None when the services do not answer (the
 * notifications screen still lists them, and the next page asks again).
 */
export async function importantNotices(session: SessionData, language: Language): Promise<ImportantNotice[]> {
  if (!session.menus.includes('notifications')) return [];
  const later = await sharedStore().get(laterKey(session.sid)).catch(() => null);
  if (later) return [];
  const answer = await callUpstream(NOTICE_CALLS.noticeImportant, { lang: language }, session);
  return answer.ok ? answer.data.data.map(({ id, title, body, createdAt }) => ({ id, title, body, createdAt })) : [];
}

/** If the store is away the answer is not kept: the next page opens the dialog again, which loses nothing. */
export async function answerLater(session: SessionData): Promise<void> {
  await bestEffort(sharedStore().put(laterKey(session.sid), '1', sessionConfig().maxAgeMs), 'important notice later');
}
