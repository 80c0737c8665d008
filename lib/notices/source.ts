import 'server-only';
import { canOpen } from '../auth/routes';
import { formatCount } from '../format/money';
import { callUpstream } from '../gateway/client';
import { DEFAULT_LANGUAGE, languageOfTag } from '../i18n/languages';
import { textOf } from '../list-kit/definition';
import type { ListSource } from '../list-kit/source';
import { noticesList } from '../lists/notices';
import type { NoticeKind } from './codes';
import { NOTICE_CALLS } from './calls';

/** Notifications: the services decide which notices a user sees and keep each user's read state. */
export const noticesSource: ListSource = {
  definition: noticesList,
  async load(session, values, t, locale) {
    const answer = await callUpstream(
      NOTICE_CALLS.noticeList,
      {
        limit: values.size,
        page: values.page,
        sort: values.sort as 'unread' | 'createdAt',
        order: values.dir,
        kind: textOf(values, 'kind') as NoticeKind | undefined,
        state: textOf(values, 'state') as 'UNREAD' | 'READ' | undefined,
        lang: languageOfTag(locale) ?? DEFAULT_LANGUAGE,
      },
      session,
    );
    if (!answer.ok) return answer;
    const rows = answer.data.data.map((row) => ({
      ...row,
      // A notice is written for every user of its merchant; its action is offered only to those whose menus open it.
      link: row.link && canOpen(row.link, session.menus) ? row.link : null,
      state: row.read ? 'READ' : 'UNREAD',
      importance: row.important ? 'IMPORTANT' : 'NORMAL',
    }));
    return { ...answer, data: { rows, total: answer.data.total, summary: [{ id: 'unread', title: t('notices.unread'), value: formatCount(answer.data.unread) }] } };
  },
};
