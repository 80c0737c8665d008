import 'server-only';
import { accountsSource } from '../accounts/source';
import { activitySource } from '../activity/source';
import { paymentRequestsSource } from '../collect/source';
import { documentsSource } from '../documents/source';
import { applicationsSource } from '../applications/source';
import { assetHistorySource } from '../assets/source';
import type { ListSource } from '../list-kit/source';
import { merchantsSource, paymentsSource, storesSource } from '../merchants/sources';
import { noticesSource } from '../notices/source';
import { fileRowsSource, filesSource, remittancesSource } from '../settlements/sources';
import { refundDecidedSource, refundRequestsSource, refundReviewSource } from '../refunds/sources';
import { transactionsSource } from '../transactions/source';
import { reconciliationFileList, reconciliationList, reconWxAliFileList, reconWxAliList } from './reconciliation';
import { settlesList, settleWxAliList } from './settles';

/** Every list with a server half, by its definition's id: the pages and the export route find them here. */
const SOURCES: Record<string, ListSource> = {
  [transactionsSource.definition.id]: transactionsSource,
  ...Object.fromEntries(
    [
      filesSource(reconciliationList, false),
      filesSource(reconWxAliList, true),
      fileRowsSource(reconciliationFileList, false),
      fileRowsSource(reconWxAliFileList, true),
      remittancesSource(settlesList, false),
      remittancesSource(settleWxAliList, true),
    ].map((source) => [source.definition.id, source]),
  ),
  [activitySource.definition.id]: activitySource,
  [accountsSource.definition.id]: accountsSource,
  ...Object.fromEntries([refundRequestsSource, refundReviewSource, refundDecidedSource].map((source) => [source.definition.id, source])),
  ...Object.fromEntries([merchantsSource, paymentsSource, storesSource].map((source) => [source.definition.id, source])),
  ...Object.fromEntries([noticesSource, documentsSource].map((source) => [source.definition.id, source])),
  ...Object.fromEntries([assetHistorySource, applicationsSource].map((source) => [source.definition.id, source])),
  [paymentRequestsSource.definition.id]: paymentRequestsSource,
};

export function listSource(id: string): ListSource | undefined {
  return Object.hasOwn(SOURCES, id) ? SOURCES[id] : undefined;
}

/** Every list with a server half (tests check each one, so lists added later are covered too). */
export const listSources = (): ListSource[] => Object.values(SOURCES);
