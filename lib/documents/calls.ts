import 'server-only';
import { z } from 'zod';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_STATUSES, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from './rules';
import { calls, define, list, page } from '../gateway/define';
import { isBase64 } from '../wire/base64';

export const documentRow = z.looseObject({
  id: z.number().int(),
  docType: z.enum(DOCUMENT_TYPES),
  merchant_no: z.string(),
  business_name: z.string(),
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  size: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  reason: z.string(),
  uploadedAt: z.string().regex(/^\d{14}$/),
  uploadedBy: z.string(),
});

const base64 = (maxBytes: number) => z.string().max(Math.ceil(maxBytes / 3) * 4).refine(isBase64);

/** The documents a merchant sends the provider (designed, upstream/README.md); customers only. */
export const DOCUMENT_CALLS = calls({
  documentList: define({
    method: 'GET',
    path: '/api/MerchantDocument/GetDocumentList',
    input: z.object({
      ...page,
      sort: z.enum(['uploadedAt', 'docType', 'status', 'fileName', 'size']).default('uploadedAt'),
      order: z.enum(['asc', 'desc']).default('desc'),
      docType: z.enum(DOCUMENT_TYPES).optional(),
      status: z.enum(DOCUMENT_STATUSES).optional(),
      merchant_no: z.string().max(30).optional(),
    }),
    answer: list(documentRow),
    menus: ['uploadDocuments'],
  }),
  /** The upload route only (POST /api/documents): it checks size and content before this call. */
  documentUpload: define({
    method: 'POST',
    path: '/api/MerchantDocument/UploadDocument',
    input: z.object({ docType: z.enum(DOCUMENT_TYPES), merchant_no: z.string().max(30).optional(), fileName: z.string().max(200), content: base64(MAX_DOCUMENT_BYTES) }),
    answer: z.looseObject({ success: z.literal(1), id: z.number().int(), status: z.enum(DOCUMENT_STATUSES) }),
    menus: ['uploadDocuments'],
    long: true,
  }),
  /** The download route only (GET /api/documents/{id}). */
  documentDownload: define({
    method: 'GET',
    path: '/api/MerchantDocument/DownloadDocument',
    input: z.object({ id: z.number().int().positive() }),
    answer: z.looseObject({ id: z.number().int(), fileName: z.string(), contentType: z.enum(DOCUMENT_CONTENT_TYPES), size: z.number().int(), content: base64(MAX_DOCUMENT_BYTES) }),
    menus: ['uploadDocuments'],
    long: true,
  }),
  documentRemove: define({
    method: 'DELETE',
    path: '/api/MerchantDocument/DeleteDocument',
    input: z.object({ id: z.number().int().positive() }),
    answer: z.looseObject({ success: z.literal(1) }),
    menus: ['uploadDocuments'],
    exposed: true,
  }),
  brRenewals: define({
    method: 'GET',
    path: '/api/MerchantDocument/GetBrRenewals',
    input: z.object({}),
    answer: z.looseObject({
      data: z.array(z.looseObject({ merchant_no: z.string(), business_name: z.string(), business_cname: z.string(), brExpiryDate: z.string(), daysLeft: z.number().int(), pending: z.boolean() })),
    }),
    menus: ['uploadDocuments'],
  }),
});
