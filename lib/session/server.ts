import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { sessionConfig } from './config';
import { openSession, type SessionData } from './session';

/**
 * The session of the request being rendered (Server Components), or null. Opened once per request:
 * the layout and the page share it (and what is cached per session, such as `partnersOf`).
 */
export const currentSession = cache(async (): Promise<SessionData | null> => {
  const cookie = (await cookies()).get(sessionConfig().cookieName)?.value;
  return (await openSession(cookie)).session;
});
