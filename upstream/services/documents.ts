import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BR_RENEWAL_DAYS, checkDocumentFile, DOCUMENT_STATUSES, DOCUMENT_TYPES, FILE_REFUSAL_PARAMS, REMOVABLE_STATUS, SNIFF_BYTES } from '../../lib/documents/rules';
import { addDays, daysBetween, parseDay, toIsoDay, wallClock } from '../../lib/format/date';
import { authedCall, publicCall, type AuthedContext, type Endpoint } from '../http/endpoint';
import { notFound, ServiceError } from '../http/errors';
import { optionalText, pageOf, pageOffset, paging, text, wholeNumber } from '../http/inputs';
import { isBase64 } from '../../lib/wire/base64';

/**
 * Designed: the documents a merchant sends the provider (business registration, directors' identity,
 * bank proof, store photos, others), stored in the database. Customers only (the uploadDocuments
 * menu); a document belongs to the caller's customer and, when it names one, to a merchant of the
 * caller's scope. Files travel inside the `en` envelope as base64, so one wire serves every call.
 */

/**
 * A 5 MB file in base64, in JSON, in the envelope's base64: about 9.4 MB; the call allows 10. The
 * content's own length is not capped by the schema, so a file just over the limit is refused as too
 * large (DOCUMENT_TOO_LARGE) rather than as bad input.
 */
const UPLOAD_INPUT_BYTES = 10 * 1024 * 1024;
const base64 = z.string().refine(isBase64, 'must be base64');

/** The documents of the scope: `$1` the customers, `$2` the merchants. */
const VISIBLE = '(d.customer_no = ANY($1::text[]) AND (d.merchant_no IS NULL OR d.merchant_no = ANY($2::text[])))';

async function scopeParams(context: AuthedContext): Promise<[string[], string[]]> {
  const { customers, merchants } = await context.scope();
  return [customers, merchants];
}

const SORT_COLUMNS = { uploadedAt: 'd.uploaded_at', docType: 'd.doc_type', status: 'd.status', fileName: 'd.file_name', size: 'd.size_bytes' } as const;

const listDocuments = authedCall({
  method: 'GET',
  path: '/api/MerchantDocument/GetDocumentList',
  rank: 'CUSTOMER',
  menus: ['uploadDocuments'],
  input: z.object({
    ...paging,
    sort: z.enum(['uploadedAt', 'docType', 'status', 'fileName', 'size']).default('uploadedAt'),
    docType: z.enum(DOCUMENT_TYPES).optional(),
    status: z.enum(DOCUMENT_STATUSES).optional(),
    merchant_no: optionalText(30),
  }),
  async handle(context, input) {
    const where = `FROM documents d LEFT JOIN merchants m ON m.merchant_no = d.merchant_no JOIN users u ON u.user_id = d.uploaded_by
      WHERE ${VISIBLE} AND ($3::text IS NULL OR d.doc_type = $3) AND ($4::text IS NULL OR d.status = $4) AND ($5::text IS NULL OR d.merchant_no = $5)`;
    const params = [...(await scopeParams(context)), input.docType ?? null, input.status ?? null, input.merchant_no || null];
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total ${where}`, params);
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT d.id::int AS id, d.doc_type AS "docType", coalesce(d.merchant_no, '') AS merchant_no, coalesce(m.business_name, '') AS business_name,
              coalesce(m.business_cname, '') AS business_cname, m.business_cname_hans, d.file_name AS "fileName", d.content_type AS "contentType", d.size_bytes AS size,
              d.status, coalesce(d.reason, '') AS reason, to_char(d.uploaded_at, 'YYYYMMDDHH24MISS') AS "uploadedAt", u.account AS "uploadedBy",
              coalesce(to_char(d.reviewed_at, 'YYYYMMDDHH24MISS'), '') AS "reviewedAt"
         ${where} ORDER BY ${SORT_COLUMNS[input.sort]} ${direction}, d.id ${direction} LIMIT $6 OFFSET $7`,
      [...params, input.limit, offset],
    );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

/** The customer a new document belongs to: its merchant's, or the caller's own (a customer user has one). */
async function ownerOf(context: AuthedContext, merchantNo: string | undefined): Promise<{ customerNo: string; merchantNo: string | null }> {
  const { customers, merchants } = await context.scope();
  if (merchantNo) {
    if (!merchants.includes(merchantNo)) throw notFound('No such merchant');
    const [row] = await context.db.query<{ customer_no: string }>('SELECT customer_no FROM merchants WHERE merchant_no = $1', [merchantNo]);
    return { customerNo: row?.customer_no ?? '', merchantNo };
  }
  const [customerNo] = customers;
  if (customers.length !== 1 || !customerNo) throw new ServiceError(400, 'INVALID_INPUT', 'Name the merchant the document is for');
  return { customerNo, merchantNo: null };
}

/**
 * Stores a document, checked again here (the system of record): at most 5 MB, a PDF, JPEG or PNG by
 * its content and named as what it is. A business registration names its merchant.
 */
const uploadDocument = authedCall({
  method: 'POST',
  path: '/api/MerchantDocument/UploadDocument',
  rank: 'CUSTOMER',
  menus: ['uploadDocuments'],
  maxInputBytes: UPLOAD_INPUT_BYTES,
  input: z.object({ docType: z.enum(DOCUMENT_TYPES), merchant_no: optionalText(30), fileName: text(200), content: base64 }),
  async handle(context, input) {
    const bytes = Buffer.from(input.content, 'base64');
    const checked = checkDocumentFile(input.fileName, bytes.length, bytes.subarray(0, SNIFF_BYTES));
    if ('refusal' in checked) {
      throw new ServiceError(checked.refusal === 'DOCUMENT_TOO_LARGE' ? 413 : 422, checked.refusal, 'The file is not a PDF, JPEG or PNG of at most 5 MB named as what it is', FILE_REFUSAL_PARAMS);
    }
    if (input.docType === 'BUSINESS_REGISTRATION' && !input.merchant_no) throw new ServiceError(422, 'DOCUMENT_MERCHANT_REQUIRED', 'A business registration names its merchant');
    const owner = await ownerOf(context, input.merchant_no || undefined);
    const [row] = await context.db.query<{ id: number }>(
      `INSERT INTO documents (customer_no, merchant_no, doc_type, file_name, content_type, size_bytes, sha256, content, uploaded_by, uploaded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, decode($8, 'base64'), $9, $10) RETURNING id::int AS id`,
      [owner.customerNo, owner.merchantNo, input.docType, input.fileName, checked.contentType, bytes.length, createHash('sha256').update(bytes).digest('hex'), input.content, context.principal.userId, context.clock.timestamp()],
    );
    const id = row?.id as number;
    await context.log('document.upload', `${id} ${input.fileName}`, { docType: input.docType, merchantNo: owner.merchantNo, size: bytes.length });
    return { success: 1, id, status: 'RECEIVED' };
  },
});

/** One of the caller's documents, with its content; recorded as a download in the activity log. */
const downloadDocument = authedCall({
  method: 'GET',
  path: '/api/MerchantDocument/DownloadDocument',
  rank: 'CUSTOMER',
  menus: ['uploadDocuments'],
  writes: true,
  input: z.object({ id: wholeNumber(1) }),
  async handle(context, input) {
    const [row] = await context.db.query<{ id: number; fileName: string }>(
      `SELECT d.id::int AS id, d.file_name AS "fileName", d.content_type AS "contentType", d.size_bytes AS size,
              translate(encode(d.content, 'base64'), E'\n', '') AS content
         FROM documents d WHERE d.id = $3 AND ${VISIBLE}`,
      [...(await scopeParams(context)), input.id],
    );
    if (!row) throw notFound('No such document');
    await context.log('file.download', `${row.id} ${row.fileName}`);
    return row;
  },
});

/** Takes a document back while nobody has started reviewing it. */
const removeDocument = authedCall({
  method: 'DELETE',
  path: '/api/MerchantDocument/DeleteDocument',
  rank: 'CUSTOMER',
  menus: ['uploadDocuments'],
  input: z.object({ id: wholeNumber(1) }),
  async handle(context, input) {
    const params = [...(await scopeParams(context)), input.id];
    const [removed] = await context.db.query<{ fileName: string }>(
      `DELETE FROM documents d WHERE d.id = $3 AND ${VISIBLE} AND d.status = '${REMOVABLE_STATUS}' RETURNING d.file_name AS "fileName"`,
      params,
    );
    if (!removed) {
      const [exists] = await context.db.query(`SELECT 1 FROM documents d WHERE d.id = $3 AND ${VISIBLE}`, params);
      if (!exists) throw notFound('No such document');
      throw new ServiceError(409, 'DOCUMENT_NOT_REMOVABLE', 'The provider has started reviewing this document');
    }
    await context.log('document.remove', `${input.id} ${removed.fileName}`);
    return { success: 1 };
  },
});

/**
 * The merchants of the scope whose business registration expires within 30 days (or has expired),
 * with whether a new one is already with the provider (received, under review or accepted).
 */
const brRenewals = authedCall({
  method: 'GET',
  path: '/api/MerchantDocument/GetBrRenewals',
  rank: 'CUSTOMER',
  menus: ['uploadDocuments'],
  input: z.object({}),
  async handle(context) {
    const today = wallClock(context.clock.now()).day;
    const { merchants } = await context.scope();
    const rows = await context.db.query<{ merchant_no: string; brExpiryDate: string; pending: boolean }>(
      `SELECT m.merchant_no, m.business_name, m.business_cname, m.business_cname_hans, to_char(m.br_expiry_date, 'YYYY-MM-DD') AS "brExpiryDate",
              EXISTS (SELECT 1 FROM documents doc WHERE doc.merchant_no = m.merchant_no AND doc.doc_type = 'BUSINESS_REGISTRATION'
                        AND doc.status IN ('RECEIVED', 'UNDER_REVIEW', 'ACCEPTED') AND doc.uploaded_at >= m.br_expiry_date - $3::int) AS pending
         FROM merchants m WHERE m.merchant_no = ANY($1::text[]) AND m.br_expiry_date <= $2::date ORDER BY m.br_expiry_date, m.merchant_no`,
      [merchants, toIsoDay(addDays(today, BR_RENEWAL_DAYS)), BR_RENEWAL_DAYS * 2],
    );
    return { data: rows.map((row) => ({ ...row, daysLeft: daysBetween(today, parseDay(row.brExpiryDate) ?? today) })) };
  },
});

export const DOCUMENT_ENDPOINTS: Endpoint[] = [listDocuments, uploadDocument, downloadDocument, removeDocument, brRenewals];

/** Demo and test: the provider's review moves a document on (under review, accepted, or rejected with a reason). */
const review = publicCall({
  method: 'POST',
  path: '/dev/documents/review',
  input: z
    .object({ id: wholeNumber(1), status: z.enum(['UNDER_REVIEW', 'ACCEPTED', 'REJECTED']), reason: optionalText(500) })
    .refine((input) => input.status !== 'REJECTED' || Boolean(input.reason), 'a rejection needs a reason'),
  async handle({ db, clock }, input) {
    const [row] = await db.query(
      'UPDATE documents SET status = $2, reason = $3, reviewed_at = $4 WHERE id = $1 RETURNING id::int AS id, status',
      [input.id, input.status, input.status === 'REJECTED' ? input.reason : null, clock.timestamp()],
    );
    if (!row) throw notFound('No such document');
    return row;
  },
});

export const DOCUMENT_DEV_ENDPOINTS: Endpoint[] = [review];
