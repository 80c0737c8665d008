import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../documents/rules';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `documents.fields.${id}`, field, ...rest });

/**
 * Upload documents (issue 15): what the merchant sent the provider, newest first, with the review's
 * status (and a rejection's reason). The upload panel sits above it; a row's drawer downloads or
 * removes it (components/documents/DocumentActions.tsx).
 */
export const documentsList = defineList({
  id: 'documents',
  title: 'menu.uploadDocuments',
  menu: 'uploadDocuments',
  filters: [
    { key: 'docType', label: 'documents.fields.docType', kind: 'code', codes: DOCUMENT_TYPES, names: 'documents.types' },
    { key: 'status', label: 'documents.fields.status', kind: 'code', codes: DOCUMENT_STATUSES, names: 'documents.statuses' },
    { key: 'merchant', label: 'documents.fields.merchant', kind: 'option', source: 'merchants' },
  ],
  sorts: ['uploadedAt', 'docType', 'status', 'fileName', 'size'],
  defaultSort: 'uploadedAt',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: [
    column('uploadedAt', 'uploadedAt', { format: 'timestamp14', sort: 'uploadedAt' }),
    column('docType', 'docType', { names: 'documents.types', sort: 'docType' }),
    column('fileName', 'fileName', { sort: 'fileName', long: true }),
    column('merchant', 'merchant', { long: true }),
    column('size', 'sizeLabel', { sort: 'size', optional: true }),
    column('uploadedBy', 'uploadedBy', { optional: true, long: true }),
    column('reason', 'reason', { long: true }),
    column('status', 'status', { names: 'documents.statuses', sort: 'status', pinned: true }),
  ],
  details: [
    column('id', 'id'),
    column('docType', 'docType', { names: 'documents.types' }),
    column('fileName', 'fileName'),
    column('merchant', 'merchant'),
    column('size', 'sizeLabel'),
    column('uploadedAt', 'uploadedAt', { format: 'timestamp14' }),
    column('uploadedBy', 'uploadedBy'),
    column('status', 'status', { names: 'documents.statuses' }),
    column('reason', 'reason'),
  ],
  detailTitle: 'documents.detailTitle',
  rowKey: 'id',
});
