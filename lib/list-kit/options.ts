import 'server-only';
import { merchantChoices, mayChoose, searchChoices } from '../choices/load';
import type { SessionData } from '../session/session';
import { textOf, type ListDefinition, type ListValues, type OptionSource } from './definition';
import type { FilterOption, FilterOptions } from './narrow';

/**
 * The choices a list hands the browser with its page (lib/choices): for each option filter the
 * session may choose from, only the values its link chose (named, and saying what they belong to,
 * so the form and lib/list-kit/narrow.ts can tell a pair that does not fit); the browser searches
 * the rest as the user types (/api/choices). A source the session does not choose from is left
 * out, and its filter with it. A form's choices (the definition's `choices`) are the whole list.
 */
export async function loadOptions(session: SessionData, definition: ListDefinition, locale: string, values: Partial<ListValues> = {}): Promise<FilterOptions> {
  const filters = definition.filters.flatMap((f) => (f.kind === 'option' && mayChoose(session, f.source) ? [f] : []));
  const entries = await Promise.all([
    ...filters.map(async (f): Promise<[OptionSource, FilterOption[]]> => {
      const value = textOf(values, f.key);
      const found = value ? await searchChoices(session, f.source, { values: [value] }, locale) : null;
      return [f.source, found?.ok ? found.data.options : []];
    }),
    ...(definition.choices ?? []).map(async (source): Promise<[OptionSource, FilterOption[]]> => [source, source === 'merchants' ? await merchantChoices(session, locale) : []]),
  ]);
  const options: FilterOptions = {};
  for (const [source, list] of entries) options[source] = [...(options[source] ?? []), ...list.filter((o) => !options[source]?.some((known) => known.value === o.value))];
  return options;
}
