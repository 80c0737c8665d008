import 'server-only';
import { z } from 'zod';
import { NOTICE_KINDS, NOTICE_STATES } from './codes';
import { calls, define, list } from '../gateway/define';

/** The languages the services store each notice in; the portal asks for the user's. */
const lang = z.enum(['en', 'zhTW', 'zhCN']);

export const noticeRow = z.looseObject({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  important: z.boolean(),
  link: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string().regex(/^\d{14}$/),
  read: z.boolean(),
  readAt: z.string(),
  acknowledged: z.boolean(),
});

/** Payment-service news and notices (the spec's wrs2 service; paths designed, upstream/README.md). */
export const NOTICE_CALLS = calls({
  noticeList: define({
    method: 'GET',
    path: '/wrs2/api/v1/notice/list',
    input: z.object({
      limit: z.number().int().min(1).max(100).default(10),
      page: z.number().int().min(1).default(1),
      sort: z.enum(['unread', 'createdAt']).default('unread'),
      order: z.enum(['asc', 'desc']).default('desc'),
      kind: z.enum(NOTICE_KINDS).optional(),
      state: z.enum(NOTICE_STATES).optional(),
      lang,
    }),
    answer: list(noticeRow).extend({ unread: z.number().int() }),
    menus: ['notifications'],
  }),
  /** The top bar's count. */
  noticeCount: define({
    method: 'GET',
    path: '/wrs2/api/v1/notice/unreadCount',
    input: z.object({}),
    answer: z.looseObject({ unread: z.number().int().min(0) }),
    menus: ['notifications'],
    exposed: true,
  }),
  /** Important notices not yet acknowledged: the dialog after sign-in. */
  noticeImportant: define({
    method: 'GET',
    path: '/wrs2/api/v1/notice/important',
    input: z.object({ lang }),
    answer: z.looseObject({ data: z.array(noticeRow) }),
    menus: ['notifications'],
    exposed: true,
  }),
  noticeRead: define({
    method: 'POST',
    path: '/wrs2/api/v1/notice/read',
    input: z
      .object({ ids: z.array(z.number().int().positive()).min(1).max(100).optional(), all: z.literal(true).optional() })
      .refine((input) => Boolean(input.ids) !== Boolean(input.all), 'name ids or all'),
    answer: z.looseObject({ success: z.literal(1), updated: z.number().int() }),
    menus: ['notifications'],
    exposed: true,
  }),
  noticeAcknowledge: define({
    method: 'POST',
    path: '/wrs2/api/v1/notice/acknowledge',
    input: z.object({ id: z.number().int().positive() }),
    answer: z.looseObject({ success: z.literal(1) }),
    menus: ['notifications'],
    exposed: true,
  }),
});
