import { z } from 'zod';
import type { CallDefinition } from './registry';

/**
 * The registry's building blocks, in a module of their own so that the call modules under
 * `calls/` can use them without importing the registry that imports them (no import cycle).
 */
export const define = <I extends z.ZodType, A extends z.ZodType>(definition: CallDefinition<I, A>) => definition;

export const page = { limit: z.number().int().min(1).max(100).default(10), page: z.number().int().min(1).default(1) };
/** Amounts travel as decimal text, never as floats. */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/);
export const list = <T extends z.ZodType>(row: T) => z.looseObject({ data: z.array(row), total: z.number().int(), totalPage: z.number().int(), currPage: z.number().int() });
