import type { FormRule } from 'antd';
import type { z } from 'zod';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * An antd rule that checks one field with the shared zod schema of the whole form (so the browser
 * applies exactly the route handler's rules) and shows the issue's message key translated.
 */
export function schemaRule(schema: z.ZodType, field: string, t: Translate): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(getFieldsValue(true));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(t(issue.message));
    },
  });
}
