export type QueryInput = Record<string, unknown>;

function isEmpty(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  return typeof value === 'object' && !(value instanceof Date) && Object.keys(value).length === 0;
}

/**
 * Spec section 5: empty strings, null, undefined and empty objects (an empty array is one too)
 * are dropped from query input before it is sent. Nested objects are cleaned first, so an object
 * left empty by the cleaning goes as well. The input is not changed.
 */
export function stripEmpty<T extends QueryInput>(input: T): Partial<T> {
  const result: QueryInput = {};
  for (const [key, value] of Object.entries(input)) {
    const cleaned =
      value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
        ? stripEmpty(value as QueryInput)
        : value;
    if (!isEmpty(cleaned)) result[key] = cleaned;
  }
  return result as Partial<T>;
}
