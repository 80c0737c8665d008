import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { crossSite, failure, success } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { pendingOf } from '@/lib/two-step/cookies';
import { FACTOR_CALLS } from '@/lib/two-step/calls';

/**
 * A passkey challenge for signing in: for the pending second step, the user's own passkeys; for
 * "Sign in with a passkey", any discoverable one. The services keep the challenge and accept it once.
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const parsed = await readJson(request, z.object({ purpose: z.enum(['second-step', 'sign-in']) }));
  if (parsed.refused) return parsed.refused;
  const pending = parsed.data.purpose === 'second-step' ? await pendingOf(request) : null;
  if (parsed.data.purpose === 'second-step' && !pending) return failure(request, { code: 'UPSTREAM_REFUSED', status: 401, upstreamCode: 'SECOND_STEP_EXPIRED' });
  const options = await callUpstream(FACTOR_CALLS.passkeyOptions, pending ? { ticket: pending.ticket } : {}, null);
  return options.ok ? success(options.data) : failure(request, options.error);
}

export const POST = logged('/api/auth/passkey/options', handle);
