import type { FormRule } from 'antd';
import type { z } from 'zod';

type Translate = (key: string, values?: Record<string, string | number>) => string;
export type ClientSchemas = typeof import('./schemas');

/** The shared schemas, fetched the first time a form validates (the browser caches the module). */
export const loadSchemas = (): Promise<ClientSchemas> => import('./schemas');

const MESSAGE_KEY = /^[A-Za-z][\w.]*$/;

/**
 * An antd rule that checks one field with the shared zod schema of the whole form (so the browser
 * applies exactly the route handler's rules) and shows the issue's message key translated.
 */
export function schemaRule(pick: (schemas: ClientSchemas) => z.ZodType, field: string, t: Translate): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = pick(await loadSchemas()).safeParse(getFieldsValue(true));
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      // A zod default (a field the schema gives no message for) is English prose, not a key: never shown as it is.
      if (issue) throw new Error(t(MESSAGE_KEY.test(issue.message) ? issue.message : 'gateway.INVALID_INPUT'));
    },
  });
}
