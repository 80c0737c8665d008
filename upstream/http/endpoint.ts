import type { z } from 'zod';
import type { ActivityAction, ActivityOutcome } from '../../lib/activity/actions';
import type { Clock } from '../clock';
import type { UpstreamConfig } from '../config';
import type { Database } from '../db/database';
import type { Principal, Scope } from './principal';

export interface Services {
  db: Database;
  config: UpstreamConfig;
  clock: Clock;
  /** Test mode: the version header some accounts see instead of config.version (/dev/version). */
  versionOverrides: Map<string, string>;
  /** Test mode: `account path` -> the HTTP status that account's calls to that path fail with (/dev/faults). */
  faults: Map<string, 500 | 503 | 429>;
}

export interface PublicContext extends Services {
  ip: string;
  /**
   * Writes one activity-log entry (every state change writes one) in the call's own transaction:
   * when, who (the caller unless `who` says otherwise), what (action and target), the address, the
   * outcome. The one logging helper of every service.
   */
  log(action: ActivityAction, target?: string, detail?: Record<string, unknown>, who?: { userId: number | null; account: string }, outcome?: ActivityOutcome): Promise<void>;
  /**
   * Runs `work` as one short transaction with its log entries, on a context whose `db` and `log`
   * are that transaction's; a refusal thrown in it keeps what it did, as a whole call's does (see
   * runWrites). In a call that already runs in a transaction it is that transaction. The calls that
   * hash a password (`outsideTransaction`) hash first and write through it.
   */
  writes<T>(work: (context: PublicContext) => Promise<T>): Promise<T>;
}

export interface AuthedContext extends PublicContext {
  principal: Principal;
  scope(): Promise<Scope>;
  menus(): Promise<string[]>;
  writes<T>(work: (context: AuthedContext) => Promise<T>): Promise<T>;
}

interface Base<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  input: S;
  /** A raw answer (CSV, say) instead of JSON. */
  contentType?: string;
  /** A GET that changes state too: it runs in one transaction with its log entries, as every POST, PUT and DELETE does. */
  writes?: boolean;
  /** Plain query or JSON input instead of the en envelope: the /dev helpers, for people and tests. */
  plain?: boolean;
  /** A larger input than MAX_INPUT_BYTES allows every other call (a document upload). */
  maxInputBytes?: number;
  /**
   * The call hashes a password (scrypt, ~45 ms): it runs outside any transaction, so the hash holds
   * no database connection or lock, and makes its changes through `context.writes`.
   */
  outsideTransaction?: boolean;
  /**
   * The call serves a session confined to setting up a second factor (issue 26: the organisation's
   * policy requires one the user has not set up): the set-up's own calls, sign-out and the forced
   * password change. Every other authenticated call refuses such a session (FACTOR_SETUP_REQUIRED).
   */
  duringFactorSetup?: boolean;
}

export interface PublicEndpoint<S extends z.ZodType = z.ZodType> extends Base<S> {
  auth: 'public';
  handle(context: PublicContext, input: z.infer<S>): Promise<unknown>;
}

export interface AuthedEndpoint<S extends z.ZodType = z.ZodType> extends Base<S> {
  auth: 'token';
  /** The rank a call serves: partner calls are the _20230314 variants. */
  rank?: 'CUSTOMER' | 'PARTNER';
  /** The user needs at least one of these menu codes. */
  menus?: string[];
  handle(context: AuthedContext, input: z.infer<S>): Promise<unknown>;
}

export type Endpoint = PublicEndpoint | AuthedEndpoint;

/** Typed constructors: the input schema's type flows into the handler. */
export const publicCall = <S extends z.ZodType>(endpoint: Omit<PublicEndpoint<S>, 'auth'>): PublicEndpoint =>
  ({ ...endpoint, auth: 'public' }) as unknown as PublicEndpoint;
export const authedCall = <S extends z.ZodType>(endpoint: Omit<AuthedEndpoint<S>, 'auth'>): AuthedEndpoint =>
  ({ ...endpoint, auth: 'token' }) as unknown as AuthedEndpoint;
