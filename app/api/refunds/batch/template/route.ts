import { NextResponse, type NextRequest } from 'next/server';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { csvStream } from '@/lib/export/csv';
import type { ExportTable } from '@/lib/export/table';
import { XLSX_CONTENT_TYPE, xlsxStream } from '@/lib/export/xlsx';
import { failure, signedIn } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { BATCH_COLUMNS, BATCH_EXAMPLE } from '@/lib/refunds/batch';

/** The batch refund template (CSV or xlsx): the header the upload reads and one example row. */
async function handle(request: NextRequest) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management || !session.menus.includes('refundRequest')) return failure(request, { code: 'FORBIDDEN' });
  const format = request.nextUrl.searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv';
  const table: ExportTable = { name: 'refunds', header: BATCH_COLUMNS, rows: [[BATCH_COLUMNS.map((column) => ({ value: BATCH_EXAMPLE[column] }))]] };
  // Two rows: written whole, not streamed.
  const parts: Uint8Array[] = [];
  for await (const chunk of format === 'xlsx' ? xlsxStream([table]) : csvStream([table])) parts.push(chunk);
  return new NextResponse(Buffer.concat(parts), {
    headers: {
      'content-type': format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="refund-batch-template.${format}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const GET = logged('/api/refunds/batch/template', handle);
