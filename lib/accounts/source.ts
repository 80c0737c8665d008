import 'server-only';
import { callUpstream } from '../gateway/client';
import { localName, nameAndNumber } from '../i18n/names';
import { textOf, type ListValues } from '../list-kit/definition';
import { pagedExport } from '../list-kit/export';
import type { ListSource, Translate } from '../list-kit/source';
import { accountsList } from '../lists/accounts';
import type { SessionData } from '../session/session';
import { ACCOUNT_CALLS } from './calls';

/** Rows per call of an export (the list call's most). */
const EXPORT_PAGE = 100;

function accountQuery(values: ListValues) {
  const role = textOf(values, 'role');
  return {
    sort: values.sort as 'userId' | 'account' | 'roleId' | 'status',
    order: values.dir,
    userName: textOf(values, 'userName'),
    email: textOf(values, 'email'),
    roleId: role ? Number(role) : undefined,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Each row's role name in the user's language (the field the language's messages name: roleName,
 * roleTName, roleCName), and a sub account's associated merchant as "name (number)" in it: a
 * MERCHANT account's number is its merchant's, and its name the merchant's names.
 */
const named = (rows: Record<string, unknown>[], t: Translate, locale: string) => {
  const field = t('accounts.roleField');
  return rows.map((row) => ({
    ...row,
    roleLabel: row[field] ?? row.roleName,
    merchantLabel: row.type === 'MERCHANT' ? nameAndNumber(localName(locale, { name: text(row.name), cname: text(row.cname), cnameHans: text(row.cnameHans) }), text(row.typeNo)) : '',
  }));
};

function page(session: SessionData, values: ListValues, limit: number, pageNo: number) {
  return callUpstream(ACCOUNT_CALLS.accountList, { ...accountQuery(values), limit, page: pageNo }, session);
}

/** The organisation's accounts; the services refuse every role but the account administrator. */
export const accountsSource: ListSource = {
  definition: accountsList,
  refusal: (session) => (session.roleId === 1 && session.rank === 'CUSTOMER' ? undefined : { code: 'FORBIDDEN', message: 'gateway.FORBIDDEN' }),
  async load(session, values, t, locale) {
    const answer = await page(session, values, values.size, values.page);
    return answer.ok ? { ...answer, data: { rows: named(answer.data.data, t, locale), total: answer.data.total } } : answer;
  },
  export: {
    ...pagedExport(page, (answer, t, locale) => named(answer.data, t, locale), EXPORT_PAGE),
    fileName: () => 'accounts',
  },
};
