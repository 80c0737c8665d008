import 'server-only';
import type { ListSource } from '../list-kit/source';
import { refundDecidedSource, refundRequestsSource, refundReviewSource } from '../refunds/sources';
import { transactionsSource } from '../transactions/source';

/** Every list with a server half, by its definition's id: the pages and the export route find them here. */
const SOURCES: Record<string, ListSource> = {
  [transactionsSource.definition.id]: transactionsSource,
  ...Object.fromEntries([refundRequestsSource, refundReviewSource, refundDecidedSource].map((source) => [source.definition.id, source])),
};

export function listSource(id: string): ListSource | undefined {
  return Object.hasOwn(SOURCES, id) ? SOURCES[id] : undefined;
}
