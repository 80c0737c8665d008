import 'server-only';
import { accountsSource } from '../accounts/source';
import { activitySource } from '../activity/source';
import type { ListSource } from '../list-kit/source';
import { transactionsSource } from '../transactions/source';

/** Every list with a server half, by its definition's id: the pages and the export route find them here. */
const SOURCES: Record<string, ListSource> = {
  [transactionsSource.definition.id]: transactionsSource,
  [activitySource.definition.id]: activitySource,
  [accountsSource.definition.id]: accountsSource,
};

export function listSource(id: string): ListSource | undefined {
  return Object.hasOwn(SOURCES, id) ? SOURCES[id] : undefined;
}
