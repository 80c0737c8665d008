import { callUpstream } from '@/lib/gateway/client';
import type { CallAnswer, CallInput, CallName } from '@/lib/gateway/registry';
import { sessionConfig } from '@/lib/session/config';
import { openSession, type SessionData } from '@/lib/session/session';
import { Browser } from './browser';

/**
 * Gateway calls as the portal's pages make them: a real session from the sign-in route handler, and
 * callUpstream with it. For tests whose expected figures come from SQL.
 */

/** The session a sign-in through the portal gives an account. */
export async function sessionFor(account: string): Promise<SessionData> {
  const browser = new Browser();
  const signedIn = await browser.signIn(account);
  if (signedIn.status !== 200) throw new Error(`sign-in of ${account} failed: ${signedIn.status}`);
  const opened = await openSession(browser.cookies.get(sessionConfig().cookieName));
  if (!opened.session) throw new Error(`no session for ${account}: ${opened.reason}`);
  return opened.session;
}

/** A call's answer; a failure fails the test with the call, its input and the error. */
export async function ok<N extends CallName>(name: N, input: CallInput<N>, session: SessionData): Promise<CallAnswer<N>> {
  const result = await callUpstream(name, input, session);
  if (!result.ok) throw new Error(`${name} ${JSON.stringify(input)} failed: ${JSON.stringify(result.error)}`);
  return result.data;
}
