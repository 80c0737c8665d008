import { z } from 'zod';
import { addDays, parseDay, toIsoDay, today } from '../format/date';
import { checkSpan, SPAN_MESSAGE_KEYS } from '../format/span';
import { daysFilter, listDefaults, textOf, type ListDefinition, type ListFilter, type ListIssue, type ListValues } from './definition';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .optional()
    .transform((v) => v || undefined);
const amountText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .pipe(z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, 'validation.amount').optional());

function fieldSchemas(filter: ListFilter): Record<string, z.ZodType> {
  switch (filter.kind) {
    case 'days':
      return { from: optionalText(10), to: optionalText(10) };
    case 'text':
      return { [filter.key]: optionalText(filter.max) };
    case 'amount':
      return { [filter.key]: amountText };
    case 'code':
      // A code the list does not know (an old bookmark) is dropped rather than refused: nothing to show for it.
      return { [filter.key]: z.enum(filter.codes as [string, ...string[]]).optional().catch(undefined) };
    case 'option':
      // The services check every merchant, store and customer against the caller's scope.
      return { [filter.key]: optionalText(30) };
  }
}

const pagingSchemas = (definition: ListDefinition) => {
  const defaults = listDefaults(definition);
  return {
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
    size: z.coerce
      .number()
      .refine((n) => definition.pageSizes.includes(n))
      .default(defaults.size)
      .catch(defaults.size),
    sort: z
      .enum(definition.sorts as [string, ...string[]])
      .default(defaults.sort)
      .catch(defaults.sort),
    dir: z.enum(['asc', 'desc']).default(defaults.dir).catch(defaults.dir),
  };
};

/**
 * The list's URL values as one zod schema, for the page (server), the filter form (browser) and the
 * export route: each filter's own rule, the span rule of its days, and amount ranges. Issue messages
 * are message keys; a span issue carries `params.maxDays`.
 */
export function listSchema(definition: ListDefinition) {
  const shape = Object.assign({}, ...definition.filters.map(fieldSchemas), pagingSchemas(definition));
  const span = daysFilter(definition);
  return z.object(shape as Record<string, z.ZodType>).superRefine((values, context) => {
    const text = values as Record<string, string | undefined>;
    if (span && (text.from || text.to)) {
      const from = text.from || text.to || '';
      const to = text.to || text.from || '';
      const problem = checkSpan(from, to, span.maxDays);
      if (problem) context.addIssue({ code: 'custom', path: [problem === 'invalidDate' && !parseDay(from) ? 'from' : 'to'], message: SPAN_MESSAGE_KEYS[problem], params: { maxDays: span.maxDays } });
    }
    for (const filter of definition.filters) {
      if (filter.kind !== 'amount' || !filter.atLeast) continue;
      const low = text[filter.atLeast];
      const high = text[filter.key];
      if (low && high && Number(low) > Number(high)) context.addIssue({ code: 'custom', path: [filter.key], message: 'validation.amountRange' });
    }
  });
}

/** The span's defaults: one given day stands for both ends; none means the list's default days up to today. */
export function withDefaultDays(definition: ListDefinition, values: ListValues, now = new Date()): ListValues {
  const span = daysFilter(definition);
  if (!span) return values;
  const last = today(now);
  const given = { from: textOf(values, 'from'), to: textOf(values, 'to') };
  const from = given.from || given.to || toIsoDay(addDays(last, 1 - span.defaultDays));
  const to = given.to || given.from || toIsoDay(last);
  return { ...values, from, to };
}

export interface ParsedList {
  /** The values to show (and, without issues, to query). */
  values: ListValues;
  /** Problems of the URL; the list is not queried while there are any. */
  issues: ListIssue[];
}

const issueOf = (issue: z.core.$ZodIssue): ListIssue => ({
  field: String(issue.path[0]),
  message: issue.message,
  params: 'params' in issue ? (issue.params as ListIssue['params']) : undefined,
});

/**
 * The list's values from URL search parameters. A URL with problems keeps what it asked for (a
 * bookmarked range over the span limit shows that range with the refusal, not today's), and its
 * issues say why nothing was queried.
 */
export function parseListValues(definition: ListDefinition, params: Record<string, string | string[] | undefined> | URLSearchParams, now = new Date()): ParsedList {
  const flat: Record<string, string | undefined> =
    params instanceof URLSearchParams ? Object.fromEntries([...params.keys()].map((k) => [k, params.get(k) ?? undefined])) : Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const schema = listSchema(definition);
  const result = schema.safeParse(flat);
  if (result.success) return { values: withDefaultDays(definition, result.data as ListValues, now), issues: [] };
  // Field by field, keeping each value its own rule accepts, and the days as asked when they are real days.
  const shape = schema.shape as Record<string, z.ZodType>;
  const kept = Object.fromEntries(
    Object.entries(shape).flatMap(([key, field]) => {
      const one = field.safeParse(flat[key]);
      const shown = one.success && one.data !== undefined && ((key !== 'from' && key !== 'to') || parseDay(String(one.data)));
      return shown ? [[key, one.data]] : [];
    }),
  ) as ListValues;
  return { values: withDefaultDays(definition, kept, now), issues: result.error.issues.map(issueOf) };
}
