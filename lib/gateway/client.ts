import 'server-only';
import { headers as requestHeaders } from 'next/headers';
import { portalLog } from '../log/logger';
import { currentRequest, REQUEST_ID_HEADER } from '../log/request';
import { metrics } from '../metrics/registry';
import { carryTrace, inSpan, SpanKind } from '../telemetry/tracing';
import { userCalls } from './user-calls';
import { clientAddress } from '../http/client';
import { stripEmpty } from '../query/strip';
import type { SessionData } from '../session/session';
import { bestEffort, sharedStore } from '../store/shared-store';
import { PAYLOAD_KEY_ID_HEADER, payloadKeyId, sealPayload } from '../wire/envelope';
import { upstreamFailure, type GatewayError } from './errors';
import type { Call, CallAnswer, CallDefinition, CallInput } from './define';
import { endSessionIfDead } from './session-end';
import { exchange, type Exchanged, type OutgoingCall } from './transport';
import { isNewerVersion } from './version';

export const TOKEN_HEADER = 'x-eftpay-token';
export const VERSION_HEADER = 'x-server-version';
const PARTNER_SUFFIX = '_20230314';

export type GatewayResult<T> = ({ ok: true; data: T } | { ok: false; error: GatewayError }) & {
  /** The upstream announced a version newer than this portal. */
  newerVersion: boolean;
};

/** Where each family of calls lives: UPSTREAM_URL for all, or one base per family. */
export function upstreamBase(path: string, env: NodeJS.ProcessEnv = process.env): string {
  const family = path.startsWith('/sso/') ? env.SSO_URL : path.startsWith('/transaction/') ? env.TRANSACTION_URL : env.API_URL;
  return (family || env.UPSTREAM_URL || 'http://127.0.0.1:4000').replace(/\/$/, '');
}

/**
 * Spec section 7's 480 000 ms is for the long downloads and exports; a page or list call that has
 * not answered in 15 s will not, and the user is better told so (both configurable).
 */
export function timeoutMs(definition: Pick<CallDefinition, 'long'>, env: NodeJS.ProcessEnv = process.env): number {
  return definition.long ? Number(env.UPSTREAM_TIMEOUT_MS) || 480_000 : Number(env.UPSTREAM_PAGE_TIMEOUT_MS) || 15_000;
}

/** The address of the request being served, when there is one (route handlers and pages; not scripts). */
async function callerAddress(): Promise<string | undefined> {
  const handled = currentRequest()?.address;
  if (handled) return handled;
  try {
    return clientAddress({ headers: await requestHeaders() });
  } catch {
    return undefined;
  }
}

function stableKey(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableKey).join(',')}]`;
  return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableKey((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** A call's definition and the payload it sends: input validated, identity and defaults from the session. */
export type PreparedCall = { ok: true; definition: CallDefinition; payload: Record<string, unknown> } | { ok: false; error: GatewayError };

export async function prepareCall(definition: CallDefinition, input: unknown, session: SessionData | null): Promise<PreparedCall> {
  if (!definition.public && !session) return { ok: false, error: { code: 'NOT_SIGNED_IN' } };
  if (definition.menus && !definition.menus.some((code) => session?.menus.includes(code))) return { ok: false, error: { code: 'FORBIDDEN' } };
  const parsed = definition.input.safeParse(input);
  if (!parsed.success) return { ok: false, error: { code: 'INVALID_INPUT', params: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } } };

  let payload = { ...(parsed.data as Record<string, unknown>), ...(session && definition.inject ? definition.inject(session) : {}) };
  if (definition.defaults && session) payload = await definition.defaults(payload, session);
  if (definition.method !== 'POST') payload = stripEmpty(payload);
  return { ok: true, definition, payload };
}

/**
 * Calls one upstream call, as its area defines it (lib/<area>/calls.ts). Input is validated by the call's schema, identity comes from
 * the session, the answer is validated before anyone sees it, and every failure is one of the
 * catalogue's codes. Never throws for an upstream fault, except that a page render whose session
 * the upstream refuses is redirected to sign-in (session-end.ts).
 */
export function callUpstream<C extends Call>(
  definition: C,
  input: CallInput<C>,
  session: SessionData | null,
  /** The user's address, when the call is made outside the request's own scope (after a stream ended, say). */
  options: { address?: string } = {},
): Promise<GatewayResult<CallAnswer<C>>> {
  const call = callOnce(definition, input, session, options);
  // A page starts some calls before the part that awaits them renders (a panel in Suspense). When an
  // ended session redirects the render from another call, that part never renders, and its call's
  // redirect would be reported as an unhandled rejection; awaiting it still gets the redirect.
  call.catch(() => undefined);
  return call;
}

async function callOnce<C extends Call>(call: C, input: CallInput<C>, session: SessionData | null, options: { address?: string }): Promise<GatewayResult<CallAnswer<C>>> {
  const { name } = call;
  const prepared = await prepareCall(call, input, session);
  if (!prepared.ok) return { ...prepared, newerVersion: false };
  const { definition, payload } = prepared;

  const guardKey = definition.guard && session ? `dup:${session.sid}:${name}:${stableKey(payload)}` : undefined;
  if (guardKey && !(await sharedStore().claim(guardKey, timeoutMs(definition)))) return { ok: false, error: { code: 'DUPLICATE_REQUEST' }, newerVersion: false };
  // A user's calls from route handlers take turns among themselves (user-calls.ts). A page's are
  // bounded by the render gate already, and must not hold a render's place while they wait; a
  // sign-in has no user yet.
  const leave = session && currentRequest() ? await userCalls().enter(String(session.userId)) : () => undefined;
  try {
    if (!leave) return { ok: false, error: { code: 'BUSY' }, newerVersion: false };
    const result = await logCall(name, session, (requestId) => send<C>(definition, payload, session, requestId, options.address));
    if (!result.ok) await endSessionIfDead(result.error, session);
    return result;
  } finally {
    leave?.();
    // The guard expires by itself; the call's outcome stands whatever the store says now.
    if (guardKey) await bestEffort(sharedStore().release(guardKey), 'duplicate guard release');
  }
}

/** The id of the page request being rendered (the proxy set it), outside a logged route handler. */
async function pageRequestId(): Promise<string | undefined> {
  try {
    return (await requestHeaders()).get(REQUEST_ID_HEADER) ?? undefined;
  } catch {
    return undefined; // not inside a request at all (a script, a test)
  }
}

/**
 * Times one call and records it: on the route handler's request line when there is one, else on a
 * line of its own that carries the page request's id. The call's name only: never its input.
 */
export async function logCall<T extends GatewayResult<unknown>>(name: string, session: SessionData | null, work: (requestId: string | undefined) => Promise<T>): Promise<T> {
  const context = currentRequest();
  const requestId = context?.requestId ?? (await pageRequestId());
  const started = performance.now();
  const result = await inSpan(`upstream ${name}`, SpanKind.CLIENT, { 'portal.upstream_call': name, ...(requestId ? { 'portal.request_id': requestId } : {}) }, async (span) => {
    const answer = await work(requestId);
    span?.setAttribute('portal.upstream_status', answer.ok ? 200 : (answer.error.status ?? answer.error.code));
    return answer;
  });
  const entry = { call: name, status: result.ok ? 200 : (result.error.status ?? result.error.code), ms: Math.round((performance.now() - started) * 10) / 10 };
  metrics().upstreamCall.observe({ call: name, status: String(entry.status) }, entry.ms / 1000);
  if (context) context.upstream.push(entry);
  else portalLog().info({ requestId, userId: session?.userId, upstream: [entry] }, 'upstream call');
  return result;
}

/**
 * One call as the services take it: the partner variant's path, the sealed input, the token, the
 * request id and the user's address.
 */
async function outgoingCall(definition: CallDefinition, payload: Record<string, unknown>, session: SessionData | null, requestId: string | undefined, knownAddress: string | undefined, accept: string): Promise<OutgoingCall> {
  const path = definition.partnerVariant && session?.rank === 'PARTNER' ? `${definition.path}${PARTNER_SUFFIX}` : definition.path;
  const key = process.env.PAYLOAD_KEY ?? '';
  const en = sealPayload(payload, key);
  const url = new URL(`${upstreamBase(path)}${path}`);
  if (definition.method !== 'POST') url.searchParams.set('en', en);
  const headers: Record<string, string> = { accept };
  if (definition.method === 'POST') headers['content-type'] = 'application/json';
  if (session && !definition.public) headers[TOKEN_HEADER] = session.token;
  headers[PAYLOAD_KEY_ID_HEADER] = payloadKeyId(key);
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  // The services' spans join this call's trace.
  carryTrace(headers);
  // The services record the user's address in the activity log, not the portal's.
  const address = knownAddress ?? (await callerAddress());
  if (address) headers['x-forwarded-for'] = address;
  return { url, method: definition.method, headers, body: definition.method === 'POST' ? JSON.stringify({ en }) : undefined };
}

/** A call that got no answer: timed out (the signal's reason) or unreachable, logged once. */
function noAnswer(error: unknown, definition: CallDefinition, requestId: string | undefined): { ok: false; error: GatewayError; newerVersion: false } {
  // By name, not instanceof: an abort's reason is a DOMException, which is not an Error in every realm.
  const name = (error as { name?: unknown } | null)?.name;
  const timedOut = name === 'TimeoutError' || name === 'AbortError';
  portalLog().warn({ requestId, path: definition.path, fault: timedOut ? 'timeout' : 'unreachable' }, 'upstream call failed');
  return { ok: false, error: { code: timedOut ? 'TIMEOUT' : 'NO_RESPONSE' }, newerVersion: false };
}

/**
 * Opens a call whose answer is read as it arrives (a streamed export): the caller reads the
 * response's status and body. A call that got no answer is a failure already.
 */
export async function openCall(
  definition: CallDefinition,
  payload: Record<string, unknown>,
  session: SessionData | null,
  requestId: string | undefined,
  { signal, accept }: { signal: AbortSignal; accept: string },
): Promise<{ ok: true; response: Response; newerVersion: boolean } | { ok: false; error: GatewayError; newerVersion: false }> {
  const { url, method, headers, body } = await outgoingCall(definition, payload, session, requestId, undefined, accept);
  try {
    const response = await fetch(url, { method, headers, body, signal, redirect: 'error' });
    return { ok: true, response, newerVersion: isNewerVersion(response.headers.get(VERSION_HEADER)) };
  } catch (error) {
    return noAnswer(error, definition, requestId);
  }
}

/** An answer's body as JSON, or undefined when it is not. */
export function parseJson(body: Buffer | string): unknown {
  try {
    return JSON.parse(body.toString());
  } catch {
    return undefined;
  }
}

async function send<C extends Call>(definition: CallDefinition, payload: Record<string, unknown>, session: SessionData | null, requestId: string | undefined, address?: string): Promise<GatewayResult<CallAnswer<C>>> {
  const outgoing = await outgoingCall(definition, payload, session, requestId, address, 'application/json');
  let answer: Exchanged;
  try {
    answer = await exchange(outgoing, timeoutMs(definition));
  } catch (error) {
    return noAnswer(error, definition, requestId);
  }
  const newerVersion = isNewerVersion(answer.header(VERSION_HEADER) ?? null);
  const body = parseJson(answer.body);
  if (answer.status !== 200) return { ok: false, error: upstreamFailure(answer.status, body), newerVersion };
  const parsed = definition.answer.safeParse(body);
  if (!parsed.success) {
    portalLog().warn({ requestId, path: definition.path, fault: 'unexpected answer shape' }, 'upstream call failed');
    return { ok: false, error: { code: 'INVALID_ANSWER', status: 200 }, newerVersion };
  }
  return { ok: true, data: parsed.data as CallAnswer<C>, newerVersion };
}
