import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { accountAdministrator, accountRefused } from '@/lib/accounts/routes';
import { newAccountSchema } from '@/lib/accounts/rules';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { stepUpSchema } from '@/lib/two-step/rules';
import { success, upstreamError } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { ACCOUNT_CALLS } from '@/lib/accounts/calls';

/**
 * A new account of the administrator's organisation (spec section 5). The services make the
 * temporary password and mail it (with the management password for roles that have one), so the
 * administrator never learns it; the new user must change it at first sign-in.
 */
async function handle(request: NextRequest) {
  const { session, refused } = await accountAdministrator(request);
  if (refused) return refused;
  const parsed = await readJson(request, z.intersection(newAccountSchema, stepUpSchema));
  if (parsed.refused) return parsed.refused;
  const { merchantNo, ...account } = parsed.data;
  const created = await callUpstream(ACCOUNT_CALLS.insertAccount, { ...account, name: account.contactName, ...(account.type === 'MERCHANT' ? { merchantNo } : {}) }, session);
  if (!created.ok) return upstreamError(request, created.error);
  if (created.data.success !== 0) return accountRefused(request, created.data.code, 'accounts.errors.createFailed');
  return success({ userId: created.data.userId ?? null }, created.newerVersion);
}

export const POST = logged('/api/accounts', handle);
