import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { accountAdministrator, accountRefused } from '@/lib/accounts/routes';
import { editAccountSchema } from '@/lib/accounts/rules';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { stepUpSchema } from '@/lib/two-step/rules';
import { success, upstreamError } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { endUserSessions } from '@/lib/session/session';
import { bestEffort } from '@/lib/store/shared-store';
import { ACCOUNT_CALLS } from '@/lib/accounts/calls';

/**
 * An account's edit payload (spec section 3), which also activates and deactivates it. A
 * deactivated user's sessions end at once: the services revoke its tokens, and the portal refuses
 * its cookies from the next request on, whichever instance serves it.
 */
async function handle(request: NextRequest) {
  const { session, refused } = await accountAdministrator(request);
  if (refused) return refused;
  const parsed = await readJson(request, z.intersection(editAccountSchema, stepUpSchema));
  if (parsed.refused) return parsed.refused;
  const updated = await callUpstream(ACCOUNT_CALLS.updateAccount, parsed.data, session);
  if (!updated.ok) return upstreamError(request, updated.error);
  if (updated.data.success !== 0) return accountRefused(request, updated.data.code, 'accounts.errors.editFailed');
  // The services have revoked the user's tokens already: with the store away the deactivation stands.
  if (parsed.data.status === 0) await bestEffort(endUserSessions(parsed.data.userId), 'sessions ended at deactivation');
  return success({ updated: true }, updated.newerVersion);
}

export const POST = logged('/api/accounts/edit', handle);
