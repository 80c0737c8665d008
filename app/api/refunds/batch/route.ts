import { type NextRequest } from 'next/server';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { failure, signedIn, success, translatorFor } from '@/lib/http/respond';
import { BATCH_LIMITS } from '@/lib/refunds/batch';
import { readBatchFile } from '@/lib/refunds/batch-file';

/**
 * The preview of a batch refund file: each row checked, each bad row's problems in the user's
 * language, each good row's request (with its key) ready to send. Nothing is requested here.
 */
export async function POST(request: NextRequest) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management || !session.menus.includes('refundRequest')) return failure(request, { code: 'FORBIDDEN' });
  // Refuse an oversized body before reading it; the form's own overhead is allowed for.
  if (Number(request.headers.get('content-length') ?? 0) > BATCH_LIMITS.bytes + 64 * 1024) return tooLarge(request);
  const form = await request.formData().catch(() => null);
  const file = form?.get('file');
  if (!(file instanceof Blob)) return failure(request, { code: 'INVALID_INPUT' }, 'refund.errors.batchNoFile');
  if (file.size > BATCH_LIMITS.bytes) return tooLarge(request);
  const read = readBatchFile(Buffer.from(await file.arrayBuffer()));
  if ('refusal' in read) return failure(request, { code: 'INVALID_INPUT', params: read.refusal.values }, read.refusal.key);
  const t = translatorFor(request);
  return success({ rows: read.rows.map((row) => ({ ...row, errors: row.errors.map((key) => t(key as never)) })) });
}

const tooLarge = (request: NextRequest) => failure(request, { code: 'INVALID_INPUT', params: { kilobytes: BATCH_LIMITS.bytes / 1024 } }, 'refund.errors.batchTooLarge');
