import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';
import { NOTICE_KINDS, NOTICE_STATES } from '../notices/codes';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `notices.fields.${id}`, field, ...rest });

/**
 * Notifications (issue 15): payment-service news and the provider's notices in the user's
 * language, unread first. Opening one reads it (components/notices/NoticeActions.tsx).
 */
export const noticesList = defineList({
  id: 'notices',
  title: 'menu.notifications',
  menu: 'notifications',
  filters: [
    { key: 'kind', label: 'notices.fields.kind', kind: 'code', codes: NOTICE_KINDS, names: 'notices.kinds' },
    { key: 'state', label: 'notices.fields.state', kind: 'code', codes: NOTICE_STATES, names: 'notices.states' },
  ],
  sorts: ['unread', 'createdAt'],
  defaultSort: 'unread',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  // The title first: on a phone it is what shows before the table scrolls sideways.
  columns: [
    column('title', 'title', { long: true }),
    column('createdAt', 'createdAt', { format: 'timestamp14', sort: 'createdAt' }),
    column('kind', 'kind', { names: 'notices.kinds' }),
    column('importance', 'importance', { names: 'notices.importances' }),
    column('state', 'state', { names: 'notices.states', pinned: true }),
  ],
  // The state is left out: the drawer reads the notice, so it would say "unread" while being read.
  details: [column('createdAt', 'createdAt', { format: 'timestamp14' }), column('kind', 'kind', { names: 'notices.kinds' }), column('importance', 'importance', { names: 'notices.importances' }), column('title', 'title'), column('body', 'body')],
  detailTitle: 'notices.detailTitle',
  rowKey: 'id',
});
