import 'server-only';
import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_OUTCOMES, PORTAL_RECORDED_ACTIONS } from '../activity/actions';
import { APPELLATIONS } from './codes';
import type { SessionData } from '../session/session';
import { proofFields } from '../two-step/rules';
import { calls, define, list, outcome, page } from '../gateway/define';

/** The organisation an account is added to is the administrator's own (spec section 6: typeNo from rankNo). */
const organisation = (session: SessionData) => ({ typeNo: session.rankNo });

const accountFields = {
  contactNumber: z.string().max(30),
  contactName: z.string().max(100),
  contactEmail: z.string().max(254),
  roleId: z.number().int().min(2).max(8),
  status: z.union([z.literal(0), z.literal(1)]),
  jobTitle: z.string().max(100),
  department: z.string().max(100),
  appellation: z.enum(APPELLATIONS),
  // Step-up (issue 26): the administrator's second factor, where it has one.
  ...proofFields,
};

/** A user account as the services list it (spec section 3). */
export const accountRow = z.looseObject({
  userId: z.number().int(),
  account: z.string(),
  type: z.string(),
  typeNo: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactNumber: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleCName: z.string(),
  roleTName: z.string(),
  status: z.number().int(),
  jobTitle: z.string(),
  department: z.string(),
  appellation: z.string(),
  lastPwdDate: z.string(),
  assignedBy: z.string(),
});

export const activityRow = z.looseObject({
  id: z.number().int(),
  createdAt: z.string(),
  account: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  target: z.string(),
  ip: z.string(),
  outcome: z.enum(ACTIVITY_OUTCOMES),
});

export const ACCOUNT_CALLS = calls({
  accountList: define({
    method: 'GET',
    path: '/sso/api/v1/user/getCustomerUserAccounts',
    input: z.object({
      ...page,
      sort: z.enum(['userId', 'account', 'roleId', 'status']).default('userId'),
      order: z.enum(['asc', 'desc']).default('desc'),
      ispaging: z.boolean().default(true),
      userName: z.string().max(254).optional(),
      email: z.string().max(254).optional(),
      roleId: z.number().int().min(1).max(8).optional(),
    }),
    answer: list(accountRow),
    menus: ['accountStatus'],
    inject: organisation,
  }),
  insertAccount: define({
    method: 'POST',
    path: '/sso/api/v1/user/insertAccount',
    input: z.object({
      ...accountFields,
      account: z.string().max(254),
      name: z.string().max(100),
      type: z.enum(['CUSTOMER', 'MERCHANT']),
      merchantNo: z.string().max(30).optional(),
      isAdmin: z.literal(0).default(0),
    }),
    answer: outcome.extend({ userId: z.number().int().optional() }),
    menus: ['accountStatus'],
    inject: organisation,
  }),
  updateAccount: define({
    method: 'POST',
    path: '/sso/api/v1/user/updateCustomerUserInfo',
    input: z.object({ ...accountFields, userId: z.number().int().positive() }),
    answer: outcome,
    menus: ['accountStatus'],
  }),
  accountInfoMissing: define({
    method: 'GET',
    path: '/sso/api/v1/user/boolIsForcedUpdAccInfoToSqliteAndSendEmail',
    input: z.object({}),
    answer: outcome,
    inject: (session) => ({ userId: session.userId }),
  }),
  completeAccountInfo: define({
    method: 'POST',
    path: '/sso/api/v1/user/insertToSqlite',
    input: z.object({ jobTitle: accountFields.jobTitle, department: accountFields.department, appellation: accountFields.appellation, contactName: accountFields.contactName }),
    answer: outcome,
    inject: (session) => ({ userId: session.userId }),
  }),
  activityLog: define({
    method: 'GET',
    path: '/sso/api/v1/activity/getActivityLog',
    input: z.object({
      limit: z.number().int().min(1).max(1000).default(10),
      page: z.number().int().min(1).default(1),
      sort: z.enum(['createdAt', 'account', 'action']).default('createdAt'),
      order: z.enum(['asc', 'desc']).default('desc'),
      timeFrom: z.string().regex(/^\d{14}$/).optional(),
      timeTo: z.string().regex(/^\d{14}$/).optional(),
      userName: z.string().max(254).optional(),
      action: z.string().max(2000).optional(),
      outcome: z.enum(ACTIVITY_OUTCOMES).optional(),
    }),
    answer: list(activityRow),
    menus: ['activityLog'],
  }),
  /** Files are made by the portal: it records each export or download for the signed-in user. */
  recordFile: define({
    method: 'POST',
    path: '/sso/api/v1/activity/recordFile',
    input: z.object({
      action: z.enum(PORTAL_RECORDED_ACTIONS),
      target: z.string().min(1).max(200),
      outcome: z.enum(ACTIVITY_OUTCOMES),
      format: z.enum(['csv', 'xlsx', 'pdf']).optional(),
      rows: z.number().int().min(0).optional(),
    }),
    answer: z.looseObject({ success: z.literal(1) }),
  }),
});
