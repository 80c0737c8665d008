import 'server-only';
import { cookies } from 'next/headers';
import { sessionConfig } from './config';
import { openSession, type SessionData } from './session';

/** The session of the request being rendered (Server Components), or null. */
export async function currentSession(): Promise<SessionData | null> {
  const cookie = (await cookies()).get(sessionConfig().cookieName)?.value;
  return (await openSession(cookie)).session;
}
