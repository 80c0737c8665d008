import { type NextRequest } from 'next/server';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { readMultipart } from '@/lib/http/body';
import { failure, signedIn, success, translatorFor, upstreamError } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { BATCH_LIMITS } from '@/lib/refunds/batch';
import { readBatchFile } from '@/lib/refunds/batch-file';
import { weighAgainstSales } from '@/lib/refunds/batch-check';
import { REASON_TYPES } from '@/lib/refunds/codes';

const tooLarge = (request: NextRequest) => failure(request, { code: 'PAYLOAD_TOO_LARGE', params: { kilobytes: BATCH_LIMITS.bytes / 1024 } }, 'refund.errors.batchTooLarge');

/**
 * The preview of a batch refund file: each row checked, first its format, then against its sale as
 * the services will weigh it (its existence in the user's scope, date and time, a void, the balance
 * left after the file's rows above it for the same sale); each bad row's problems in the user's
 * language, each good row's request (with its key) ready to send. Nothing is requested here. The
 * body is read no further than the file's limit plus the form's framing.
 */
async function handle(request: NextRequest) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management || !session.menus.includes('refundRequest')) return failure(request, { code: 'FORBIDDEN' });
  const { form, refused: unread } = await readMultipart(request, BATCH_LIMITS.bytes, tooLarge);
  if (unread) return unread;
  const file = form.get('file');
  if (!(file instanceof Blob)) return failure(request, { code: 'INVALID_INPUT' }, 'refund.errors.batchNoFile');
  if (file.size > BATCH_LIMITS.bytes) return tooLarge(request);
  const read = await readBatchFile(Buffer.from(await file.arrayBuffer()));
  if ('refusal' in read) return failure(request, { code: 'INVALID_INPUT', params: read.refusal.values }, read.refusal.key);
  const weighed = await weighAgainstSales(session, read.rows);
  if ('error' in weighed) return upstreamError(request, weighed.error);
  const t = translatorFor(request);
  // A file has no list to choose a reason type from: its messages name the codes, each with its name in the reader's language.
  const types = REASON_TYPES.map((code) => `${code} (${t(`refund.reasonTypes.${code}`)})`).join(', ');
  return success({ rows: weighed.rows.map(({ params, ...row }) => ({ ...row, errors: row.errors.map((key) => t(key as never, { types, ...params } as never)) })) });
}

export const POST = logged('/api/refunds/batch', handle);
