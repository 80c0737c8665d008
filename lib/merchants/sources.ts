import 'server-only';
import { today } from '../format/date';
import { formatCount } from '../format/money';
import { callUpstream, type GatewayResult } from '../gateway/client';
import type { CallInput } from '../gateway/define';
import { localField, localName, nameAndNumber } from '../i18n/names';
import { textOf, type ListDefinition, type ListValues } from '../list-kit/definition';
import { pagedExport } from '../list-kit/export';
import type { ListSource, SummaryCard, Translate } from '../list-kit/source';
import { merchantsList, paymentsList, storesList } from '../lists/merchants';
import type { SessionData } from '../session/session';
import { brExpiryState } from './br-expiry';
import { MERCHANT_CALLS } from './calls';

/** The merchant calls page at most this many rows; an export reads the view a page at a time. */
const LIST_PAGE_MAX = 100;

type Row = Record<string, unknown>;
type Page = { rows: Row[]; total: number; totalPage: number; counts?: Record<string, number | string> };
type Ask = (session: SessionData, values: ListValues, limit: number, page: number) => Promise<GatewayResult<Page>>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A merchant screen's server half: one call per page, each row given the fields its language picks
 * (`label`), summary cards from the answer's counts, and an export of the same rows a page at a time.
 */
function pagedSource(definition: ListDefinition, ask: Ask, label: (row: Row, locale: string) => Row, cards: { id: string; title: string; count: string }[] = []): ListSource {
  const labelled = (page: Page, locale: string) => page.rows.map((row) => ({ ...row, ...label(row, locale) }));
  const summary = (counts: Page['counts'], t: Translate): SummaryCard[] | undefined =>
    counts && cards.length > 0 ? cards.map((card) => ({ id: card.id, title: t(card.title), value: formatCount(counts[card.count]) })) : undefined;
  return {
    definition,
    async load(session, values, t, locale) {
      const answer = await ask(session, values, values.size, values.page);
      if (!answer.ok) return answer;
      return { ...answer, data: { rows: labelled(answer.data, locale), total: answer.data.total, summary: summary(answer.data.counts, t) } };
    },
    export: {
      ...pagedExport(ask, (answer, _t, locale) => labelled(answer, locale), LIST_PAGE_MAX),
      fileName: () => definition.id,
    },
  };
}

/**
 * The filters every merchant screen shares: a partner's customer, a merchant; and the order. Sorts and
 * codes are cast to the call's types below: the list's schema checked them against the same codes.
 */
const scopeOf = (values: ListValues) => ({ order: values.dir, customer_no: textOf(values, 'customer'), merchant_no: textOf(values, 'merchant') });

const businessLabel = (row: Row, locale: string) => localField(locale, row, 'business_name');

export const merchantsSource = pagedSource(
  merchantsList,
  async (session, values, limit, page) => {
    type Input = CallInput<typeof MERCHANT_CALLS.merchantInfo>;
    const input: Input = { ...scopeOf(values), sort: values.sort as Input['sort'], status: textOf(values, 'status') as Input['status'], page, limit };
    const answer = await callUpstream(MERCHANT_CALLS.merchantInfo, input, session);
    if (!answer.ok) return answer;
    const { data, total, totalPage, paymentTypeNumber, midNumber, sidNumber, tidNumber } = answer.data;
    return { ...answer, data: { rows: data, total, totalPage, counts: { paymentTypeNumber, midNumber, sidNumber, tidNumber } } };
  },
  (row, locale) => ({
    businessLabel: businessLabel(row, locale),
    customerLabel: nameAndNumber(localField(locale, row, 'customer_name'), text(row.customer_no)),
    partnerLabel: row.partnerName ? localField(locale, row, 'partnerName') : '',
    bankLabel: localField(locale, row, 'bank_name'),
    brState: brExpiryState(text(row.brExpiryDate), today()),
  }),
  [
    { id: 'paymentTypes', title: 'merchant.counts.paymentTypes', count: 'paymentTypeNumber' },
    { id: 'merchantIds', title: 'merchant.counts.merchantIds', count: 'midNumber' },
    { id: 'stores', title: 'merchant.counts.stores', count: 'sidNumber' },
    { id: 'terminals', title: 'merchant.counts.terminals', count: 'tidNumber' },
  ],
);

export const paymentsSource = pagedSource(
  paymentsList,
  async (session, values, limit, page) => {
    type Input = CallInput<typeof MERCHANT_CALLS.paymentServices>;
    const input: Input = {
      ...scopeOf(values),
      sort: values.sort as Input['sort'],
      payment_type: textOf(values, 'paymentType') as Input['payment_type'],
      status: textOf(values, 'status') as Input['status'],
      page,
      limit,
    };
    const answer = await callUpstream(MERCHANT_CALLS.paymentServices, input, session);
    if (!answer.ok) return answer;
    const { data, total, totalPage, enabledCount, closedCount } = answer.data;
    return { ...answer, data: { rows: data, total, totalPage, counts: { total, enabledCount, closedCount } } };
  },
  (row, locale) => ({ businessLabel: businessLabel(row, locale), serviceKey: `${text(row.merchant_no)}:${text(row.payment_type)}` }),
  [
    { id: 'services', title: 'merchant.counts.services', count: 'total' },
    { id: 'enabled', title: 'merchant.counts.enabled', count: 'enabledCount' },
    { id: 'closed', title: 'merchant.counts.closed', count: 'closedCount' },
  ],
);

export const storesSource = pagedSource(
  storesList,
  async (session, values, limit, page) => {
    // Sort and order are always sent, so a page never asks what the filter's own store list asks
    // (lib/choices/load.ts): the duplicate guard would refuse the second of two identical calls.
    type Input = CallInput<typeof MERCHANT_CALLS.storeTerminals>;
    const input: Input = { ...scopeOf(values), sort: values.sort as Input['sort'], store_code: textOf(values, 'store'), status: textOf(values, 'status') as Input['status'], page, limit };
    const answer = await callUpstream(MERCHANT_CALLS.storeTerminals, input, session);
    if (!answer.ok) return answer;
    const { data, total, totalPage } = answer.data;
    return { ...answer, data: { rows: data, total, totalPage } };
  },
  (row, locale) => ({
    businessLabel: businessLabel(row, locale),
    // The street in the user's language: the full English address, or the Chinese street.
    addressLabel: localName(locale, { name: text(row.address), cname: text(row.cn_street), cnameHans: text(row.cn_street_hans) }),
    terminalList: Array.isArray(row.terminals) ? row.terminals.join(', ') : '',
  }),
);
