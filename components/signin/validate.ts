import type { z } from 'zod';
import { loadSchemas, type ClientSchemas } from '@/lib/client/form-rules';
import { issueText, type SignInTexts } from './texts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first issue of each field under the shared schema (the route handler's own rules), translated. */
export async function fieldErrors<F extends string>(pick: (schemas: ClientSchemas) => z.ZodType, values: Record<F, unknown>, texts: SignInTexts): Promise<FieldErrors<F>> {
  const result = pick(await loadSchemas()).safeParse(values);
  const errors: FieldErrors<F> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F;
    errors[field] ??= issueText(texts, issue.message);
  }
  return errors;
}
