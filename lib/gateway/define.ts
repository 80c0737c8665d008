import 'server-only';
import { z } from 'zod';
import type { CallDefinition } from './registry';

/**
 * The pieces every call definition uses, apart from the registry so that the per-area modules
 * (`calls/*.ts`) and the registry can both import them without a cycle.
 */
export const define = <I extends z.ZodType, A extends z.ZodType>(definition: CallDefinition<I, A>) => definition;

/** The `{success, msg}` answer of the SSO calls, with the services' stable `code`. */
export const outcome = z.looseObject({ success: z.number().int(), msg: z.string().optional(), code: z.string().optional() });
/** Amounts travel as decimal text, never as floats. */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/);
export const page = { limit: z.number().int().min(1).max(100).default(10), page: z.number().int().min(1).default(1) };
export const list = <T extends z.ZodType>(row: T) => z.looseObject({ data: z.array(row), total: z.number().int(), totalPage: z.number().int(), currPage: z.number().int() });

/** One item of the login answer (spec section 7): the session the services opened. */
export const loginItem = z.looseObject({
  id: z.number(),
  loginUser: z.looseObject({ userName: z.string(), nickName: z.string(), rank: z.enum(['CUSTOMER', 'PARTNER']), rankNo: z.string(), isAdmin: z.union([z.literal(0), z.literal(1)]) }),
  xEftpayToken: z.string().min(20),
  serviceCode: z.string(),
  roleId: z.number().int(),
  headers: z.array(z.string()),
  pwdFlag: z.union([z.literal(0), z.literal(1)]),
  opPwdFlag: z.union([z.literal(0), z.literal(1)]),
  loginType: z.string(),
  /** 1: the organisation requires a second factor this user has not set up (issue 26). */
  factorSetup: z.union([z.literal(0), z.literal(1)]).optional(),
});
