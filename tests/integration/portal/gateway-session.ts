import { callUpstream } from '@/lib/gateway/client';
import { CALLS, type CallName, type NamedAnswer, type NamedInput } from '@/lib/call-catalogue';
import { sessionConfig } from '@/lib/session/config';
import { openSession, type SessionData } from '@/lib/session/session';
import { Browser } from './browser';

/**
 * Gateway calls as the portal's pages make them: a real session from the sign-in route handler, and
 * callUpstream with it. For tests whose expected figures come from SQL.
 */

/** A browser signed in through the portal's sign-in route handler, and the session its sealed cookie opens to. */
export async function signedIn(account: string, language = 'en'): Promise<{ browser: Browser; session: SessionData }> {
  const browser = new Browser(language);
  const answer = await browser.signIn(account);
  if (answer.status !== 200) throw new Error(`sign-in of ${account} failed: ${answer.status}`);
  const opened = await openSession(browser.cookies.get(sessionConfig().cookieName));
  if (!opened.session) throw new Error(`no session for ${account}: ${opened.reason}`);
  return { browser, session: opened.session };
}

/** The session a sign-in through the portal gives an account. */
export async function sessionFor(account: string): Promise<SessionData> {
  return (await signedIn(account)).session;
}

/** A call's answer; a failure fails the test with the call, its input and the error. */
export async function ok<N extends CallName>(name: N, input: NamedInput<N>, session: SessionData): Promise<NamedAnswer<N>> {
  const result = await callUpstream(CALLS[name], input as never, session);
  if (!result.ok) throw new Error(`${name} ${JSON.stringify(input)} failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** A call that must be refused: its error. */
export async function refusal<N extends CallName>(name: N, input: NamedInput<N>, session: SessionData) {
  const result = await callUpstream(CALLS[name], input as never, session);
  if (result.ok) throw new Error(`${name} ${JSON.stringify(input)} was not refused`);
  return result.error;
}

/** How the gateway passes on the services' 404 for a record outside the caller's scope. */
export const NOT_FOUND = { code: 'UPSTREAM_REFUSED', status: 404, upstreamCode: 'NOT_FOUND' };
