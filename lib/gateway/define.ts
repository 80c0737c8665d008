import 'server-only';
import { z } from 'zod';
import type { SessionData } from '../session/session';

/**
 * How an upstream call is described. Each area owns its calls (lib/<area>/calls.ts) and hands a
 * definition to the gateway's client (./client.ts), which needs nothing else of the area; the name
 * catalogue (lib/call-catalogue.ts) is only for a name that arrives from outside
 * (/api/gateway/[call]). Inputs are what a page or the browser may send; `inject` adds identity and
 * scope from the session, which always wins over the input.
 */
export interface CallDefinition<I extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Partner users call `${path}_20230314` (spec section 6). */
  partnerVariant?: boolean;
  /** Calls without a token: sign-in and the password-reset flow. */
  public?: boolean;
  input: I;
  answer: A;
  /** The session needs one of these menu codes. */
  menus?: string[];
  /** Browser code may call it through /api/gateway/{name}. */
  exposed?: boolean;
  /** A second identical call of the same session while one is in flight is refused. */
  guard?: boolean;
  /**
   * A long download or export: waits the spec's long timeout (UPSTREAM_TIMEOUT_MS, 480 s). Every
   * other call serves a page or a list and gives up after UPSTREAM_PAGE_TIMEOUT_MS (15 s).
   */
  long?: boolean;
  /**
   * The answer is a stream of rows (NDJSON, read by `streamUpstream` in lib/gateway/stream.ts, not
   * by callUpstream): `answer` is then the schema of one row, each checked as it arrives.
   */
  stream?: boolean;
  inject?: (session: SessionData) => Record<string, unknown>;
  /** Input defaults that belong to the wire, not to the form (spec section 7), some from the session (section 6). */
  defaults?: (input: Record<string, unknown>, session: SessionData) => Record<string, unknown> | Promise<Record<string, unknown>>;
}

export const define = <I extends z.ZodType, A extends z.ZodType>(definition: CallDefinition<I, A>) => definition;

/** The most common `inject`: the signed-in user's id, as the services' `userid`. */
export const userid = (session: SessionData) => ({ userid: session.userId });

/** A definition with its name: the name the logs, metrics, traces and duplicate guard know it by. */
export type Call<I extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> = CallDefinition<I, A> & { name: string };
export type CallInput<C extends CallDefinition> = z.input<C['input']>;
export type CallAnswer<C extends CallDefinition> = z.output<C['answer']>;

/** An area's table of calls, each definition named by its key. */
export function calls<T extends Record<string, CallDefinition>>(table: T): { [K in keyof T]: T[K] & { name: K & string } } {
  return Object.fromEntries(Object.entries(table).map(([name, definition]) => [name, { ...definition, name }])) as { [K in keyof T]: T[K] & { name: K & string } };
}

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
