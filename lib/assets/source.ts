import 'server-only';
import Big from 'big.js';
import { callUpstream } from '../gateway/client';
import type { CallAnswer } from '../gateway/define';
import { negateDecimal } from '../format/decimal';
import { formatAmount } from '../format/money';
import { textOf, type ListValues } from '../list-kit/definition';
import { pagedExport } from '../list-kit/export';
import type { ListSource, Translate } from '../list-kit/source';
import { columnSums } from '../list-kit/sums';
import { assetHistoryList } from '../lists/assets';
import type { SessionData } from '../session/session';
import { ASSET_TYPES, DIRECTIONS, SYSTEM_OPERATOR } from './codes';
import { ASSET_CALLS } from './calls';

/** Rows per call of an export (the history call's most). */
const EXPORT_PAGE = 1000;

const compactDay = (values: ListValues, key: string) => textOf(values, key)?.replaceAll('-', '');

function historyQuery(values: ListValues) {
  return {
    sort: values.sort as 'operationDate' | 'amount' | 'assetType',
    order: values.dir,
    dateFrom: compactDay(values, 'from'),
    dateTo: compactDay(values, 'to') ?? compactDay(values, 'from'),
    assetType: textOf(values, 'assetType') as (typeof ASSET_TYPES)[number] | undefined,
    direction: textOf(values, 'direction') as (typeof DIRECTIONS)[number] | undefined,
    operationType: textOf(values, 'operationType'),
    operationSource: textOf(values, 'source'),
  };
}

type Movement = CallAnswer<typeof ASSET_CALLS.assetHistory>['data'][number];

/**
 * The operator in the user's language when the provider's systems made the movement; each row's
 * amount also as an increase or a decrease, which the export's totals sum (as the summary cards do).
 */
const shown = (rows: Movement[], t: Translate) =>
  rows.map((row) => ({
    ...row,
    operatorName: row.operator === SYSTEM_OPERATOR ? t('assets.history.systemOperator') : row.operator,
    increase: row.direction === 'INCREASE' ? row.amount : '0',
    // With its minus sign, as the list shows a decrease's amount (lib/lists/assets.ts).
    decrease: row.direction === 'DECREASE' ? negateDecimal(row.amount) : '0',
  }));

function page(session: SessionData, values: ListValues, limit: number, pageNo: number) {
  return callUpstream(ASSET_CALLS.assetHistory, { ...historyQuery(values), limit, page: pageNo }, session);
}

/** Total assets' movement history: one call a page, with the view's increases, decreases and net change. */
export const assetHistorySource: ListSource = {
  definition: assetHistoryList,
  async load(session, values, t) {
    const answer = await page(session, values, values.size, values.page);
    if (!answer.ok) return answer;
    const { totalIncrease, totalDecrease } = answer.data;
    return {
      ...answer,
      data: {
        rows: shown(answer.data.data, t),
        total: answer.data.total,
        summary: [
          { id: 'increases', title: t('assets.history.increases'), value: formatAmount(totalIncrease) },
          { id: 'decreases', title: t('assets.history.decreases'), value: formatAmount(negateDecimal(totalDecrease)) },
          { id: 'net', title: t('assets.history.net'), value: formatAmount(new Big(totalIncrease).minus(totalDecrease).toFixed(2)) },
        ],
      },
    };
  },
  export: {
    ...pagedExport(page, (answer, t) => shown(answer.data, t), EXPORT_PAGE),
    totals: columnSums([
      { label: 'assets.history.increases', field: 'increase', format: 'amount' },
      { label: 'assets.history.decreases', field: 'decrease', format: 'amount' },
    ]),
    fileName: (values) => `total_assets_${compactDay(values, 'from') ?? ''}_${compactDay(values, 'to') ?? ''}`,
  },
};
