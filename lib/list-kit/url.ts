import { listDefaults, type ListDefinition, type ListValues } from './definition';

/**
 * A list's URL from its values, without zod (the browser builds links with it on every search):
 * defaults and empty values are left out, so links stay short and a bookmark says only what was chosen.
 */
export function listSearch(definition: ListDefinition, values: Partial<ListValues>): string {
  const defaults: Record<string, unknown> = listDefaults(definition);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || defaults[key] === value) continue;
    params.set(key, String(value));
  }
  return params.toString();
}
