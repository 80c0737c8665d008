import 'server-only';
import { daySpan, parseDay, today } from '../format/date';
import { callUpstream } from '../gateway/client';
import type { CallAnswer } from '../gateway/define';
import { localField, nameAndNumber } from '../i18n/names';
import { textOf, type ListValues } from '../list-kit/definition';
import { pagedExport } from '../list-kit/export';
import type { ListSource } from '../list-kit/source';
import { paymentRequestsList } from '../lists/payment-requests';
import type { SessionData } from '../session/session';
import { requestPayLink } from './links';
import type { PaymentRequestStatus } from './codes';
import { COLLECT_CALLS } from './calls';

/** Rows per call of an export (the list call's most). */
const EXPORT_PAGE = 100;

function page(session: SessionData, values: ListValues, limit: number, pageNo: number) {
  const from = parseDay(textOf(values, 'from')) ?? today();
  const span = daySpan(from, parseDay(textOf(values, 'to')) ?? from);
  return callUpstream(
    COLLECT_CALLS.collectRequests,
    {
      limit,
      page: pageNo,
      sort: values.sort as 'createdAt',
      order: values.dir,
      createdFrom: span.start,
      createdTo: span.end,
      merchant_no: textOf(values, 'merchant'),
      status: textOf(values, 'status') as PaymentRequestStatus | undefined,
      requestNo: textOf(values, 'requestNo'),
    },
    session,
  );
}

/** Names in the user's language, and the pay link (the token itself is not a column). */
const shaped = (rows: CallAnswer<typeof COLLECT_CALLS.collectRequests>['data'], locale: string) =>
  rows.map(({ token, ...row }) => ({
    ...row,
    merchant: nameAndNumber(localField(locale, row, 'business_name'), row.merchant_no),
    store: nameAndNumber(localField(locale, row, 'store_name'), row.store_code),
    payLink: requestPayLink(token),
  }));

/** The customer's payment requests; the services keep them to the session's customer and merchants. */
export const paymentRequestsSource: ListSource = {
  definition: paymentRequestsList,
  async load(session, values, _t, locale) {
    const answer = await page(session, values, values.size, values.page);
    return answer.ok ? { ...answer, data: { rows: shaped(answer.data.data, locale), total: answer.data.total } } : answer;
  },
  export: {
    ...pagedExport(page, (answer, _t, locale) => shaped(answer.data, locale), EXPORT_PAGE),
    fileName: (values) => `payment_requests_${(textOf(values, 'from') ?? '').replaceAll('-', '')}_${(textOf(values, 'to') ?? '').replaceAll('-', '')}`,
  },
};
