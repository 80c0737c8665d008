import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { readProgress } from '@/lib/export/job';
import { failure, signedIn, success } from '@/lib/http/respond';

const query = z.object({ id: z.uuid() });

/** How far this session's export with that id got: {written, total, done, cancelled, failed}. */
export async function GET(request: NextRequest) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const parsed = query.safeParse({ id: request.nextUrl.searchParams.get('id') ?? undefined });
  if (!parsed.success) return failure(request, { code: 'INVALID_INPUT' }, 'export.invalidId');
  // Keyed by the session id: another session's export is not found, whatever id it names.
  const progress = await readProgress(session.sid, parsed.data.id);
  if (!progress) return failure(request, { code: 'UPSTREAM_REFUSED', status: 404, upstreamCode: 'EXPORT_NOT_FOUND' }, 'export.notFound');
  return success(progress);
}
