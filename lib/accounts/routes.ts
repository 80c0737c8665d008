import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { pendingPasswordChanges } from '../auth/password-changes';
import { failure, signedIn } from '../http/respond';
import type { SessionData } from '../session/session';
import { ACCOUNT_REFUSALS } from './rules';

/** Role 1 of a customer is the sole account administrator (spec section 6); the services check it again. */
export const managesAccounts = (session: SessionData) => session.roleId === 1 && session.rank === 'CUSTOMER' && session.menus.includes('accountStatus');

/**
 * The opening of the account route handlers: same origin, a live session with no password change
 * owed, and the account administrator.
 */
export async function accountAdministrator(request: NextRequest): Promise<{ session: SessionData; refused?: undefined } | { session?: undefined; refused: NextResponse }> {
  const opened = await signedIn(request);
  if (opened.refused) return opened;
  const pending = pendingPasswordChanges(opened.session);
  if (pending.login || pending.management || !managesAccounts(opened.session)) return { refused: failure(request, { code: 'FORBIDDEN' }) };
  return opened;
}

/** A business refusal of the services (`success` not 0) as the translated message of its code. */
export const accountRefused = (request: NextRequest, code: string | undefined, fallback: string) =>
  failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: code }, (code && ACCOUNT_REFUSALS[code]) || (code?.startsWith('pwd.') ? code : fallback));
