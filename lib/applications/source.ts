import 'server-only';
import { daySpan, parseDay, today } from '../format/date';
import { callUpstream } from '../gateway/client';
import { localField } from '../i18n/names';
import type { CallAnswer } from '../gateway/define';
import type { PaymentType } from '../domain/transaction-types';
import { textOf, type ListValues } from '../list-kit/definition';
import { pagedExport } from '../list-kit/export';
import type { ListSource } from '../list-kit/source';
import { applicationsList } from '../lists/applications';
import type { SessionData } from '../session/session';
import type { ApplicationStatus } from './codes';
import { ASSET_CALLS } from '../assets/calls';

/** Rows per call of an export (the list call's most). */
const EXPORT_PAGE = 1000;

function applicationQuery(values: ListValues) {
  const from = parseDay(textOf(values, 'from')) ?? today();
  const to = parseDay(textOf(values, 'to')) ?? from;
  const span = daySpan(from, to);
  return {
    sort: values.sort as 'createdAt' | 'updatedAt' | 'merchant_no' | 'payment_type' | 'status',
    order: values.dir,
    createdFrom: span.start,
    createdTo: span.end,
    merchant_no: textOf(values, 'merchant'),
    payment_type: textOf(values, 'paymentType') as PaymentType | undefined,
    status: textOf(values, 'status') as ApplicationStatus | undefined,
  };
}

/** Each row's merchant name in the user's language. */
const named = (rows: CallAnswer<typeof ASSET_CALLS.serviceApplications>['data'], locale: string) =>
  rows.map((row) => ({ ...row, merchantName: localField(locale, row, 'business_name') }));

function page(session: SessionData, values: ListValues, limit: number, pageNo: number) {
  return callUpstream(ASSET_CALLS.serviceApplications, { ...applicationQuery(values), limit, page: pageNo }, session);
}

/** The customer's applications for a payment service: the services decide whose the session sees. */
export const applicationsSource: ListSource = {
  definition: applicationsList,
  async load(session, values, _t, locale) {
    const answer = await page(session, values, values.size, values.page);
    return answer.ok ? { ...answer, data: { rows: named(answer.data.data, locale), total: answer.data.total } } : answer;
  },
  export: {
    ...pagedExport(page, (answer, _t, locale) => named(answer.data, locale), EXPORT_PAGE),
    fileName: (values) => `applications_${(textOf(values, 'from') ?? '').replaceAll('-', '')}_${(textOf(values, 'to') ?? '').replaceAll('-', '')}`,
  },
};
