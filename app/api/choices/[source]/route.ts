import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { mayChoose, searchChoices } from '@/lib/choices/load';
import { choiceScope } from '@/lib/choices/scope';
import { merchantIdsOf } from '@/lib/merchants/ids';
import { failure, invalidInput, requestLanguage, signedIn, success, upstreamError } from '@/lib/http/respond';
import { LANGUAGE_TAGS } from '@/lib/i18n/languages';
import { logged } from '@/lib/log/request';

const sources = z.enum(['customers', 'merchants', 'stores', 'terminals']);
const query = z.strictObject({
  q: z.string().max(60).optional(),
  customer: z.string().max(30).optional(),
  merchant: z.string().max(30).optional(),
  store: z.string().max(30).optional(),
  /** One exact value to name (a link's choice), in place of a search. */
  value: z.string().min(1).max(30).optional(),
});

/**
 * A page of a filter's choices as the user types (lib/choices): what the user typed and what the
 * form has chosen above (a customer, a merchant, a store), checked against the session by the
 * choices' one rule (lib/choices/scope.ts) before the services search their own scope again.
 */
async function handle(request: NextRequest, { params }: { params: Promise<{ source: string }> }) {
  // A GET, but it names a customer's stores: a page on another site must not read them.
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const source = sources.safeParse((await params).source);
  if (!source.success) return failure(request, { code: 'UNKNOWN_CALL' });
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management || !mayChoose(session, source.data)) return failure(request, { code: 'FORBIDDEN' });
  const asked = query.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!asked.success) return invalidInput(request, asked.error.issues);
  const merchants = asked.data.merchant ? await merchantIdsOf(session) : { ok: true as const, data: [] };
  if (!merchants.ok) return upstreamError(request, merchants.error);
  const scope = choiceScope({ rank: session.rank, merchantIds: merchants.data }, asked.data);
  if (!scope.ok) return failure(request, { code: 'FORBIDDEN' });
  const { q, value } = asked.data;
  const found = await searchChoices(session, source.data, value ? { values: [value], scope: scope.scope } : { q: q?.trim(), scope: scope.scope }, LANGUAGE_TAGS[requestLanguage(request)]);
  return found.ok ? success(found.data) : upstreamError(request, found.error);
}

export const GET = logged('/api/choices/[source]', handle);
