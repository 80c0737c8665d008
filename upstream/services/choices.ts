import { z } from 'zod';
import { authedCall, type Endpoint } from '../http/endpoint';
import { forbidden } from '../http/errors';
import { optionalText, wholeNumber } from '../http/inputs';
import { checkUserId, customersIn } from './scope-checks';

/**
 * Choices of customer, merchant, store and terminal as the user types (designed, issue 29): a page
 * of the caller's scope whose number starts with, or whose name in any language holds, the text;
 * narrowed by a customer, merchant or store; or the exact values a link chose. Each row carries the
 * customer, merchant and store it belongs to, so the portal's form narrows one choice by another
 * without the whole set. Stores and terminals need the stores menu, as the store-terminal call.
 */

const KINDS = {
  customer: {
    from: 'customers c',
    value: 'c.customer_no',
    names: ['c.customer_name', 'c.customer_cname', 'c.customer_cname_hans'],
    lineage: 'c.customer_no AS customer_no, NULL::text AS merchant_no, NULL::text AS store_code',
    scope: 'c.customer_no = ANY($1) AND EXISTS (SELECT 1 FROM merchants m WHERE m.customer_no = c.customer_no AND m.merchant_no = ANY($2))',
  },
  merchant: {
    from: 'merchants m',
    value: 'm.merchant_no',
    names: ['m.business_name', 'm.business_cname', 'm.business_cname_hans'],
    lineage: 'm.customer_no, m.merchant_no, NULL::text AS store_code',
    scope: 'm.customer_no = ANY($1) AND m.merchant_no = ANY($2)',
  },
  store: {
    from: 'stores s JOIN merchants m ON m.merchant_no = s.merchant_no',
    value: 's.store_code',
    names: ['s.store_name', 's.store_cname', 's.store_cname_hans'],
    lineage: 'm.customer_no, s.merchant_no, s.store_code',
    scope: 'm.customer_no = ANY($1) AND s.merchant_no = ANY($2)',
  },
  terminal: {
    from: 'terminals t JOIN merchants m ON m.merchant_no = t.merchant_no',
    value: 't.terminal_no',
    names: [],
    lineage: 'm.customer_no, t.merchant_no, t.store_code',
    scope: 'm.customer_no = ANY($1) AND t.merchant_no = ANY($2)',
  },
} as const;

/** The most rows one answer holds. */
export const CHOICE_LIMIT = 50;

/** LIKE's own characters taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const searchChoices = authedCall({
  method: 'GET',
  path: '/hk/api/MerchantInfo/SearchChoices',
  input: z.object({
    userid: wholeNumber(1).optional(),
    kind: z.enum(['customer', 'merchant', 'store', 'terminal']),
    q: optionalText(60),
    customer_no: optionalText(30),
    merchant_no: optionalText(30),
    store_code: optionalText(30),
    /** Exact values (a link's choices), in place of a search. */
    values: z.array(z.string().max(30)).max(10).optional(),
    limit: wholeNumber(1, CHOICE_LIMIT).default(20),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    if ((input.kind === 'store' || input.kind === 'terminal') && !(await context.menus()).includes('stores')) throw forbidden('Stores need the stores menu');
    const kind = KINDS[input.kind];
    const { merchants } = await context.scope();
    const customers = await customersIn(context, input.customer_no);
    const params: unknown[] = [customers, merchants];
    const where: string[] = [kind.scope];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (input.merchant_no && input.kind !== 'customer') add((n) => `m.merchant_no = $${n}`, input.merchant_no);
    if (input.store_code && input.kind === 'terminal') add((n) => `t.store_code = $${n}`, input.store_code);
    if (input.values?.length) add((n) => `${kind.value} = ANY($${n})`, input.values);
    const q = input.q?.trim();
    if (q) add((n) => `(${[`${kind.value} ILIKE $${n} || '%'`, ...kind.names.map((name) => `${name} ILIKE '%' || $${n} || '%'`)].join(' OR ')})`, literal(q));
    const limit = input.values?.length ? input.values.length : input.limit;
    const names = kind.names.length ? kind.names.map((name, i) => `${name} AS ${['name', 'cname', 'cname_hans'][i]}`).join(', ') : `NULL::text AS name, NULL::text AS cname, NULL::text AS cname_hans`;
    const rows = await context.db.query<Record<string, string | null>>(
      `SELECT ${kind.value} AS value, ${names}, ${kind.lineage} FROM ${kind.from} WHERE ${where.join(' AND ')} ORDER BY ${kind.value} LIMIT ${limit + 1}`,
      params,
    );
    return { data: rows.slice(0, limit), more: rows.length > limit };
  },
});

export const CHOICE_ENDPOINTS: Endpoint[] = [searchChoices];
