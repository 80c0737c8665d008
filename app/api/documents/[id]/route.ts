import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { callUpstream } from '@/lib/gateway/client';
import { failure, upstreamError } from '@/lib/http/respond';
import { attachment } from '@/lib/list-kit/export';
import { menuSession } from '@/lib/http/menu-route';
import { logged } from '@/lib/log/request';
import { DOCUMENT_CALLS } from '@/lib/documents/calls';

const documentId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Downloads one of the customer's own documents as the file it is (its type, its name). */
async function handle(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { session, refused } = await menuSession(request, 'uploadDocuments');
  if (refused) return refused;
  const id = documentId.safeParse((await params).id);
  if (!id.success) return failure(request, { code: 'INVALID_INPUT' });
  const result = await callUpstream(DOCUMENT_CALLS.documentDownload, { id: id.data }, session);
  if (!result.ok) return upstreamError(request, result.error);
  const bytes = Buffer.from(result.data.content, 'base64');
  return new NextResponse(new Uint8Array(bytes), {
    headers: {
      'content-type': result.data.contentType,
      'content-length': String(bytes.length),
      'content-disposition': attachment(result.data.fileName),
      'cache-control': 'no-store',
    },
  });
}

export const GET = logged('/api/documents/[id]', handle);
