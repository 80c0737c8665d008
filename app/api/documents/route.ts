import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { checkDocumentFile, DOCUMENT_TYPES, FILE_REFUSAL_PARAMS, MAX_DOCUMENT_BYTES, SNIFF_BYTES } from '@/lib/documents/rules';
import { callUpstream } from '@/lib/gateway/client';
import { merchantIdsOf } from '@/lib/merchants/ids';
import { readMultipart } from '@/lib/http/body';
import { failure, invalidInput, success, upstreamError } from '@/lib/http/respond';
import { menuSession } from '@/lib/http/menu-route';
import { logged } from '@/lib/log/request';
import { DOCUMENT_CALLS } from '@/lib/documents/calls';

const fields = z.object({
  docType: z.enum(DOCUMENT_TYPES, 'documents.errors.typeRequired'),
  merchant: z.string().max(30).optional(),
});

/** A refusal of the file, as the services would answer it (the same codes and messages). */
const refuse = (request: NextRequest, code: string, status: number) =>
  failure(request, { code: 'UPSTREAM_REFUSED', upstreamCode: code, status, params: FILE_REFUSAL_PARAMS });

/**
 * Uploads one document (multipart: `file`, `docType`, `merchant`). The size is checked while the
 * body is read (nothing past the limit is read) and the content's type by its first bytes, BEFORE
 * anything is forwarded; the services check both again.
 */
async function handle(request: NextRequest) {
  const { session, refused } = await menuSession(request, 'uploadDocuments');
  if (refused) return refused;
  const { form, refused: unread } = await readMultipart(request, MAX_DOCUMENT_BYTES, (r) => refuse(r, 'DOCUMENT_TOO_LARGE', 413));
  if (unread) return unread;
  const file = form.get('file');
  if (!(file instanceof File)) return failure(request, { code: 'INVALID_INPUT' }, 'documents.errors.fileRequired');
  const parsed = fields.safeParse({ docType: form.get('docType') ?? undefined, merchant: form.get('merchant') || undefined });
  if (!parsed.success) return invalidInput(request, parsed.error.issues);
  const { docType, merchant } = parsed.data;

  const bytes = Buffer.from(await file.arrayBuffer());
  const checked = checkDocumentFile(file.name, bytes.length, bytes.subarray(0, SNIFF_BYTES));
  if ('refusal' in checked) return refuse(request, checked.refusal, checked.refusal === 'DOCUMENT_TOO_LARGE' ? 413 : 422);
  if (docType === 'BUSINESS_REGISTRATION' && !merchant) return refuse(request, 'DOCUMENT_MERCHANT_REQUIRED', 422);
  if (merchant) {
    const merchants = await merchantIdsOf(session);
    if (!merchants.ok) return upstreamError(request, merchants.error);
    if (!merchants.data.includes(merchant)) return failure(request, { code: 'FORBIDDEN' });
  }

  const result = await callUpstream(DOCUMENT_CALLS.documentUpload, { docType, merchant_no: merchant, fileName: file.name, content: bytes.toString('base64') }, session);
  return result.ok ? success({ id: result.data.id, status: result.data.status }, result.newerVersion) : upstreamError(request, result.error);
}

export const POST = logged('/api/documents', handle);
