import { z } from 'zod';

/**
 * Answer and input shapes that calls of several areas share. A module of its own, not registry.ts:
 * the area modules under calls/ are spread into the registry, so they cannot read its constants.
 */
export const page = { limit: z.number().int().min(1).max(100).default(10), page: z.number().int().min(1).default(1) };
/** Amounts travel as decimal text, never as floats. */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/);
export const list = <T extends z.ZodType>(row: T) => z.looseObject({ data: z.array(row), total: z.number().int(), totalPage: z.number().int(), currPage: z.number().int() });
