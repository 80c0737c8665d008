import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { countFailure, waitBeforeAttempt } from '@/lib/auth/rate-limit';
import { signedInAnswer } from '@/lib/auth/sign-in';
import { callUpstream } from '@/lib/gateway/client';
import { readJson } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client';
import { crossSite, failure, rateLimited } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { metrics } from '@/lib/metrics/registry';
import { assertionSchema } from '@/lib/two-step/rules';
import { FACTOR_CALLS } from '@/lib/two-step/calls';

/**
 * Sign in with a passkey (issue 26): a discoverable credential, no account name and no password;
 * the passkey is both factors. Counted against the client's address like sign-ins (no account is
 * named, so each address has its own account-side bucket too).
 */
async function handle(request: NextRequest) {
  const refused = crossSite(request);
  if (refused) return refused;
  const parsed = await readJson(request, z.object({ assertion: assertionSchema, rememberMe: z.boolean().default(false) }));
  if (parsed.refused) return parsed.refused;
  const address = clientAddress(request);
  const bucket = `passkey@${address}`;
  const wait = await waitBeforeAttempt('login', bucket, address);
  if (wait > 0) {
    metrics().lockouts.inc({ by: 'portal limit' });
    return rateLimited(request, wait);
  }
  const signedIn = await callUpstream(FACTOR_CALLS.passkeySignIn, { assertion: parsed.data.assertion }, null);
  if (!signedIn.ok) {
    if (signedIn.error.code === 'UPSTREAM_REFUSED') {
      await countFailure('login', bucket, address);
      metrics().signInFailures.inc({ reason: 'passkey' });
    }
    return failure(request, signedIn.error);
  }
  return signedInAnswer(request, signedIn.data[0] as (typeof signedIn.data)[number], parsed.data.rememberMe);
}

export const POST = logged('/api/auth/passkey', handle);
