import { textOf, type ListDefinition, type ListFilter, type ListIssue, type ListValues, type OptionSource } from './definition';

/**
 * How option filters narrow one another (a merchant within the chosen customer, a store within
 * the merchant, a terminal within the store): one rule for the browser's form, which offers only
 * the choices it allows, and for the server, which refuses a link whose pair it does not allow.
 * No server-only import: the form loads it too.
 */

/** One choice of an option filter; `parent` is the value of the filter that narrows it (a merchant's customer, a store's merchant, a terminal's store). */
export interface FilterOption {
  value: string;
  label: string;
  parent?: string;
}

export type FilterOptions = Partial<Record<OptionSource, FilterOption[]>>;

/** A filter's chosen value (the form's current one, or the URL's). */
type Chosen = (key: string) => string | undefined;

const filterOf = (definition: ListDefinition, key: string) => definition.filters.find((f) => f.key === key);

/**
 * The values an option filter may take, narrowed by the nearest filter above it that is chosen: a
 * terminal by its store, else by the merchant, else by the customer; a merchant by its customer.
 * Null: nothing above it is chosen, every choice is allowed.
 */
export function allowedValues(definition: ListDefinition, options: FilterOptions, chosen: Chosen, filter: ListFilter): Set<string> | null {
  if (filter.kind !== 'option' || !filter.within) return null;
  const value = chosen(filter.within);
  const above = filterOf(definition, filter.within);
  const parents = value ? new Set([value]) : above ? allowedValues(definition, options, chosen, above) : null;
  if (!parents) return null;
  return new Set((options[filter.source] ?? []).filter((o) => parents.has(o.parent ?? '')).map((o) => o.value));
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
 * instead of querying a pair that can hold no rows. A value the options do not know is left to the
 * services: a source's options may be a page of its choices.
 */
export function narrowingIssues(definition: ListDefinition, values: Partial<ListValues>, options: FilterOptions): ListIssue[] {
  const chosen: Chosen = (key) => textOf(values, key);
  const labelOf = (source: OptionSource, value: string) => options[source]?.find((o) => o.value === value)?.label ?? value;
  return definition.filters.flatMap((filter): ListIssue[] => {
    const value = chosen(filter.key);
    if (filter.kind !== 'option' || !value || !options[filter.source]?.some((o) => o.value === value)) return [];
    const allowed = allowedValues(definition, options, chosen, filter);
    const above = chosenAbove(definition, chosen, filter);
    if (!allowed || allowed.has(value) || above?.kind !== 'option') return [];
    return [{ field: filter.key, message: 'list.notWithin', params: { choice: labelOf(filter.source, value), within: labelOf(above.source, chosen(above.key) ?? '') } }];
  });
}
