import 'server-only';
import { callUpstream } from '../gateway/client';
import { textOf } from '../list-kit/definition';
import type { ListSource } from '../list-kit/source';
import { documentsList } from '../lists/documents';
import { localField, nameAndNumber } from '../i18n/names';
import { formatFileSize, type DocumentStatus, type DocumentType } from './rules';
import { DOCUMENT_CALLS } from './calls';

/** The customer's documents; the services keep them to the session's customer and merchants. */
export const documentsSource: ListSource = {
  definition: documentsList,
  async load(session, values, _t, locale) {
    const answer = await callUpstream(
      DOCUMENT_CALLS.documentList,
      {
        limit: values.size,
        page: values.page,
        sort: values.sort as 'uploadedAt',
        order: values.dir,
        docType: textOf(values, 'docType') as DocumentType | undefined,
        status: textOf(values, 'status') as DocumentStatus | undefined,
        merchant_no: textOf(values, 'merchant'),
      },
      session,
    );
    if (!answer.ok) return answer;
    const rows = answer.data.data.map((row) => ({
      ...row,
      sizeLabel: formatFileSize(row.size),
      merchant: row.merchant_no ? nameAndNumber(localField(locale, row, 'business_name'), row.merchant_no) : '',
    }));
    return { ...answer, data: { rows, total: answer.data.total } };
  },
};
