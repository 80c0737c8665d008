import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { readProgress } from '@/lib/export/job';
import { errorMessageKey } from '@/lib/gateway/message-key';
import { failure, signedIn, success, translatorFor } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';

const query = z.object({ id: z.uuid() });

/** How far this session's export with that id got: {written, total, done, cancelled, failed}, and why it failed when the upstream stopped it. */
async function handle(request: NextRequest) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const parsed = query.safeParse({ id: request.nextUrl.searchParams.get('id') ?? undefined });
  if (!parsed.success) return failure(request, { code: 'INVALID_INPUT' }, 'export.invalidId');
  // Keyed by the session id: another session's export is not found, whatever id it names.
  const progress = await readProgress(session.sid, parsed.data.id);
  if (!progress) return failure(request, { code: 'UPSTREAM_REFUSED', status: 404, upstreamCode: 'EXPORT_NOT_FOUND' }, 'export.notFound');
  const { error, ...figures } = progress;
  // The reason in the user's language, for the page to say why the file did not come.
  return success(error ? { ...figures, error: { code: error, message: translatorFor(request)(errorMessageKey({ code: error }) as never) } } : figures);
}

export const GET = logged('/api/export/progress', handle);
