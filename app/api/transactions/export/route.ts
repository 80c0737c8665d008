import { NextResponse, type NextRequest } from 'next/server';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { ExportJob } from '@/lib/export/job';
import { pulledStream } from '@/lib/export/stream';
import { XLSX_MAX_ROWS } from '@/lib/export/xlsx';
import { callUpstream } from '@/lib/gateway/client';
import { UPDATE_HEADER } from '@/lib/gateway/version';
import { failure, setSessionCookie, signedIn, translatorFor, upstreamError } from '@/lib/http/respond';
import { needsTouch, revokeSession } from '@/lib/session/session';
import { attachment, CONTENT_TYPES, exportFile, exportFileName, exportQuery, ExportUpstreamError, parseExportRequest } from '@/lib/transactions/export';
import { hasExactKey, SINGLE_SEARCH_ROLE } from '@/lib/transactions/filters';
import { currentRequest, logged } from '@/lib/log/request';
import { portalLog } from '@/lib/log/logger';

/**
 * The transactions page's view as a file (CSV or xlsx), streamed: the same filters, sort, columns
 * and formats as the page, then totals. One export at a time per session; progress under
 * /api/transactions/export/progress; the download stops the upstream calls when it is cancelled.
 */
async function handle(request: NextRequest) {
  // A GET, but it hands out a customer's transactions: a link on another site must not start one.
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management || !session.menus.includes('transactions')) return failure(request, { code: 'FORBIDDEN' });

  const parsed = parseExportRequest(request.nextUrl.searchParams);
  if (!parsed.ok) return failure(request, { code: 'INVALID_INPUT', params: parsed.params }, parsed.message);
  const { format, id, columns, filters } = parsed;
  const singleOnly = session.roleId === SINGLE_SEARCH_ROLE;
  if (singleOnly && !hasExactKey(filters)) return failure(request, { code: 'FORBIDDEN', upstreamCode: 'SINGLE_SEARCH_ONLY' }, 'tx.singleOnly');

  const job = await ExportJob.claim(session.sid, id);
  if (!job) return failure(request, { code: 'DUPLICATE_REQUEST' });
  let streaming = false;
  try {
    // One row of the realtime call gives the total (for the progress and the xlsx limit) before any row is written.
    const count = await callUpstream('realtimeTransactions', { ...exportQuery(filters), limit: 1, page: 1 }, session);
    if (!count.ok) {
      if (count.error.code === 'SESSION_EXPIRED') await revokeSession(session);
      return upstreamError(request, count.error);
    }
    const total = singleOnly ? Math.min(count.data.total, 1) : count.data.total;
    if (format === 'xlsx' && total > XLSX_MAX_ROWS) {
      return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: 'XLSX_TOO_MANY_ROWS', params: { total, max: XLSX_MAX_ROWS } }, 'export.tooManyRowsForXlsx');
    }

    const translate = translatorFor(request);
    const t = (key: string) => translate(key as never);
    await job.begin(total);
    const file = exportFile({ session, format, columns, filters, signal: request.signal, t, wrote: (rows) => job.wrote(rows) });
    const body = pulledStream(file, {
      signal: request.signal,
      async onEnd(outcome, error) {
        await job.end(outcome);
        if (error instanceof ExportUpstreamError) {
          portalLog().warn({ requestId: currentRequest()?.requestId, fault: error.error.code }, 'transaction export stopped by the upstream');
          if (error.error.code === 'SESSION_EXPIRED') await revokeSession(session);
        } else if (error) {
          portalLog().error({ requestId: currentRequest()?.requestId, error: error instanceof Error ? error.message : 'unknown' }, 'transaction export failed');
        }
      },
    });
    streaming = true;

    const response = new NextResponse(body, {
      headers: {
        'content-type': CONTENT_TYPES[format],
        'content-disposition': attachment(exportFileName(filters, format)),
        'x-export-total': String(total),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
    if (count.newerVersion) response.headers.set(UPDATE_HEADER, '1');
    if (needsTouch(session)) await setSessionCookie(request, response, { ...session, lastSeen: Date.now() });
    return response;
  } finally {
    // Refused or failed before the first byte: the session may start another export at once.
    if (!streaming) await job.abandon();
  }
}

export const GET = logged('/api/transactions/export', handle);
