import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { pendingPasswordChanges } from '../auth/password-changes';
import { failure, signedIn } from '../http/respond';
import type { SessionData } from '../session/session';

/**
 * The opening of the document route handlers: same origin (a download hands out a customer's file,
 * so a link on another site must not fetch one either), a live session with the screen's menu and
 * no password change owed. Identity and scope come from the session only.
 */
export async function documentsSession(request: NextRequest): Promise<{ session: SessionData; refused?: undefined } | { session?: undefined; refused: NextResponse }> {
  const opened = await signedIn(request);
  if (opened.refused) return opened;
  const pending = pendingPasswordChanges(opened.session);
  if (pending.login || pending.management || !opened.session.menus.includes('uploadDocuments')) return { refused: failure(request, { code: 'FORBIDDEN' }) };
  return opened;
}
