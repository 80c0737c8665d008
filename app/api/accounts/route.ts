import { type NextRequest } from 'next/server';
import { accountAdministrator, accountCallFailed, accountRefused } from '@/lib/accounts/routes';
import { newAccountSchema } from '@/lib/accounts/rules';
import { callUpstream } from '@/lib/gateway/client';
import { invalidInput, success } from '@/lib/http/respond';

/**
 * A new account of the administrator's organisation (spec section 5). The services make the
 * temporary password and mail it (with the management password for roles that have one), so the
 * administrator never learns it; the new user must change it at first sign-in.
 */
export async function POST(request: NextRequest) {
  const { session, refused } = await accountAdministrator(request);
  if (refused) return refused;
  const parsed = newAccountSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return invalidInput(request, parsed.error.issues);
  const { merchantNo, ...account } = parsed.data;
  const created = await callUpstream('insertAccount', { ...account, name: account.contactName, ...(account.type === 'MERCHANT' ? { merchantNo } : {}) }, session);
  if (!created.ok) return accountCallFailed(request, session, created.error);
  if (created.data.success !== 0) return accountRefused(request, created.data.code, 'accounts.errors.createFailed');
  return success({ userId: created.data.userId ?? null }, created.newerVersion);
}
