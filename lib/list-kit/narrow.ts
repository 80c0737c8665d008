import { textOf, type ListDefinition, type ListFilter, type ListIssue, type ListValues, type OptionSource } from './definition';

/**
 * How option filters narrow one another (a merchant within the chosen customer, a store within
 * the merchant, a terminal within the store): one rule for the browser's form, which offers only
 * the choices it allows, and for the server, which refuses a link whose pair it does not allow.
 * No server-only import: the form loads it too.
 */

/** One choice of an option filter; `within` names what it belongs to (a store's merchant and customer, a terminal's store too). */
export interface FilterOption {
  value: string;
  label: string;
  within?: Partial<Record<OptionSource, string>>;
}

export type FilterOptions = Partial<Record<OptionSource, FilterOption[]>>;

/** A filter's chosen value (the form's current one, or the URL's). */
type Chosen = (key: string) => string | undefined;

const filterOf = (definition: ListDefinition, key: string) => definition.filters.find((f) => f.key === key);

/**
 * Whether a choice belongs to the nearest filter above its own that is chosen: a terminal to the
 * chosen store, else to the merchant, else to the customer. A choice that does not say what it
 * belongs to is left to the services.
 */
export function fits(definition: ListDefinition, chosen: Chosen, filter: ListFilter, option: FilterOption): boolean {
  const above = chosenAbove(definition, chosen, filter);
  if (above?.kind !== 'option') return true;
  const belongs = option.within?.[above.source];
  return belongs === undefined || belongs === chosen(above.key);
}

/** What a search for `filter`'s choices is narrowed by: every chosen filter above it, by source. */
export function searchScope(definition: ListDefinition, chosen: Chosen, filter: ListFilter): Partial<Record<OptionSource, string>> {
  const above = filter.kind === 'option' && filter.within ? filterOf(definition, filter.within) : undefined;
  if (above?.kind !== 'option') return {};
  const value = chosen(above.key);
  return { ...searchScope(definition, chosen, above), ...(value ? { [above.source]: value } : {}) };
}

/** The filters whose choices `key` narrows, directly or through another (a customer's merchants, their stores, their terminals). */
export function narrowedBy(definition: ListDefinition, key: string): string[] {
  const direct = definition.filters.filter((f) => f.kind === 'option' && f.within === key).map((f) => f.key);
  return direct.flatMap((k) => [k, ...narrowedBy(definition, k)]);
}

/** The nearest chosen filter above `filter` (the one that narrows it). */
function chosenAbove(definition: ListDefinition, chosen: Chosen, filter: ListFilter): ListFilter | undefined {
  const above = filter.kind === 'option' && filter.within ? filterOf(definition, filter.within) : undefined;
  if (!above) return undefined;
  return chosen(above.key) ? above : chosenAbove(definition, chosen, above);
}

/** Whether the values choose a narrowed filter together with one that narrows it (a pair the server checks). */
export function choosesNarrowedPair(definition: ListDefinition, values: Partial<ListValues>): boolean {
  const chosen: Chosen = (key) => textOf(values, key);
  return definition.filters.some((f) => f.kind === 'option' && chosen(f.key) !== undefined && chosenAbove(definition, chosen, f) !== undefined);
}

/**
 * The chosen values that do not belong to what is chosen above them (a stale or edited link: a
 * merchant of another customer), one issue each on the narrower filter, so that the list says so
 * instead of querying a pair that can hold no rows. The options hold the chosen values' own
 * choices (lib/list-kit/options.ts); a value they do not know is left to the services.
 */
export function narrowingIssues(definition: ListDefinition, values: Partial<ListValues>, options: FilterOptions): ListIssue[] {
  const chosen: Chosen = (key) => textOf(values, key);
  const labelOf = (source: OptionSource, value: string) => options[source]?.find((o) => o.value === value)?.label ?? value;
  return definition.filters.flatMap((filter): ListIssue[] => {
    const value = chosen(filter.key);
    const option = filter.kind === 'option' && value ? options[filter.source]?.find((o) => o.value === value) : undefined;
    const above = chosenAbove(definition, chosen, filter);
    if (!option || fits(definition, chosen, filter, option) || above?.kind !== 'option') return [];
    return [{ field: filter.key, message: 'list.notWithin', params: { choice: option.label, within: labelOf(above.source, chosen(above.key) ?? '') } }];
  });
}
