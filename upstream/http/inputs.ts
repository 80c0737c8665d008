import { z } from 'zod';

/** A whole number sent as a JSON number or as digit text (the legacy clients send both). */
export const wholeNumber = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.number().int(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
    .pipe(z.number().int().min(min).max(max));

export const flag = z.union([z.boolean(), z.literal('true'), z.literal('false'), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 'true' || v === 1);

/** Free text with a length cap; every text input has one. */
export const text = (max = 200) => z.string().max(max);
export const optionalText = (max = 200) => z.string().max(max).optional();

export const paging = {
  limit: wholeNumber(1, 100).default(10),
  page: wholeNumber(1, 1_000_000).default(1),
  ispaging: flag.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
};

/** Decimal text or number for money, at most 2 decimals. */
export const amount = z
  .union([z.number(), z.string()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, 'must be an amount with at most 2 decimals'));

/** Password kind: 1 the login password, 2 the management (operator) password. */
export const passwordType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
  .transform((v) => (Number(v) === 2 ? ('op' as const) : ('login' as const)));

/** 14-digit business timestamps (yyyyMMddHHmmss). */
export const timestamp14 = z.string().regex(/^\d{14}$/, 'must be yyyyMMddHHmmss');

/**
 * Where a page's rows start, or null when it starts at or past the last row (`total`, counted
 * first): that page is answered empty at once, without the rows query, which OFFSET would make read
 * and skip every row before it (page 1 000 000 of 100 is OFFSET 99 999 900).
 */
export function pageOffset(total: number, limit: number, page: number): number | null {
  const offset = (page - 1) * limit;
  return offset < total ? offset : null;
}

export function pageOf(total: number, limit: number, page: number) {
  return { total, totalPage: Math.ceil(total / limit), currPage: page };
}
