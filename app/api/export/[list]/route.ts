import { NextResponse, type NextRequest } from 'next/server';
import { EXPORT_OUTCOMES, recordFile } from '@/lib/activity/record';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { clientAddress } from '@/lib/http/client';
import { ExportJob } from '@/lib/export/job';
import { pulledStream } from '@/lib/export/stream';
import { XLSX_MAX_ROWS } from '@/lib/export/xlsx';
import { GatewayFault } from '@/lib/gateway/errors';
import { UPDATE_HEADER } from '@/lib/gateway/version';
import { failure, requestLanguage, setSessionCookie, signedIn, translatorFor, upstreamError } from '@/lib/http/respond';
import { LANGUAGE_TAGS } from '@/lib/i18n/languages';
import { attachment, CONTENT_TYPES, exportFile, parseExportRequest } from '@/lib/list-kit/export';
import { choosesNarrowedPair, narrowingIssues } from '@/lib/list-kit/narrow';
import { loadOptions } from '@/lib/list-kit/options';
import { listSource } from '@/lib/lists/sources';
import { needsTouch, revokeSession } from '@/lib/session/session';
import { currentRequest, logged } from '@/lib/log/request';
import { portalLog } from '@/lib/log/logger';

/**
 * A list's view as a file (CSV or xlsx), streamed: the same values, sort, columns and formats as the
 * page, then totals. One export at a time per session; progress under /api/export/progress; the
 * download stops the upstream calls when it is cancelled.
 */
async function handle(request: NextRequest, { params }: { params: Promise<{ list: string }> }) {
  // A GET, but it hands out a customer's data: a link on another site must not start one.
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const source = listSource((await params).list);
  if (!source?.export) return failure(request, { code: 'UNKNOWN_CALL' });
  const { definition } = source;
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management || !session.menus.includes(definition.menu)) return failure(request, { code: 'FORBIDDEN' });

  const parsed = parseExportRequest(definition, request.nextUrl.searchParams);
  if (!parsed.ok) return failure(request, { code: 'INVALID_INPUT', params: parsed.params }, parsed.message);
  const { format, id, columns, values } = parsed;
  const refusal = source.refusal?.(session, values);
  if (refusal) return failure(request, { code: 'FORBIDDEN', upstreamCode: refusal.code }, refusal.message);
  // The page's rule: a merchant of another customer (a store of another merchant) is refused, not exported as an empty file.
  if (choosesNarrowedPair(definition, values)) {
    const [mismatch] = narrowingIssues(definition, values, await loadOptions(session, definition, LANGUAGE_TAGS[requestLanguage(request)], values));
    if (mismatch) return failure(request, { code: 'INVALID_INPUT', params: mismatch.params }, mismatch.message);
  }

  const job = await ExportJob.claim(session.sid, id);
  if (!job) return failure(request, { code: 'DUPLICATE_REQUEST' });
  let streaming = false;
  try {
    const count = await source.export.count(session, values);
    if (!count.ok) {
      if (count.error.code === 'SESSION_EXPIRED') await revokeSession(session);
      return upstreamError(request, count.error);
    }
    const total = count.data;
    if (format === 'xlsx' && total > XLSX_MAX_ROWS) {
      return failure(request, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: 'XLSX_TOO_MANY_ROWS', params: { total, max: XLSX_MAX_ROWS } }, 'export.tooManyRowsForXlsx');
    }

    const translate = translatorFor(request);
    const t = Object.assign((key: string, values?: Record<string, string | number>) => translate(key as never, values as never), { has: (key: string) => translate.has(key as never) });
    await job.begin(total);
    let written = 0;
    const wrote = (rows: number) => ((written += rows), job.wrote(rows));
    const fileName = `${await source.export.fileName(values, session)}.${format}`;
    const locale = LANGUAGE_TAGS[requestLanguage(request)];
    const file = exportFile({ session, sheet: t(definition.title), source: source.export, format, columns, values, signal: request.signal, t, locale, wrote });
    const body = pulledStream(file, {
      signal: request.signal,
      async onEnd(outcome, error) {
        await job.end(outcome, error instanceof GatewayFault ? error.error.code : undefined);
        // Files are made here, not by the services: the activity log learns of them from the portal.
        await recordFile(session, { action: 'file.export', target: fileName, format, rows: written, outcome: EXPORT_OUTCOMES[outcome] }, clientAddress(request));
        if (error instanceof GatewayFault) {
          portalLog().warn({ requestId: currentRequest()?.requestId, list: definition.id, fault: error.error.code }, 'export stopped by the upstream');
          if (error.error.code === 'SESSION_EXPIRED') await revokeSession(session);
        } else if (error) {
          portalLog().error({ requestId: currentRequest()?.requestId, list: definition.id, error: error instanceof Error ? error.message : 'unknown' }, 'export failed');
        }
      },
    });
    streaming = true;

    const response = new NextResponse(body, {
      headers: {
        'content-type': CONTENT_TYPES[format],
        'content-disposition': attachment(fileName),
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

export const GET = logged('/api/export/[list]', handle);
