import 'server-only';
import { type NextRequest, type NextResponse } from 'next/server';
import type { z } from 'zod';
import type { GatewayError } from '../gateway/errors';
import { formatAmount } from '../format/money';
import { menuRoute, type MenuCall } from '../http/menu-route';

/** The refund screens' menu codes: requesting (roles 1, 4, 7) and reviewing (roles 1, 3, 7). */
export type RefundMenu = 'refundRequest' | 'reviewRefund';

/** Amount parameters of the services' refusals are shown as the portal shows money. */
const MONEY_PARAMS = ['balance', 'transAmount'];

function readable(error: GatewayError): GatewayError {
  if (!error.params) return error;
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, MONEY_PARAMS.includes(k) && typeof v === 'string' ? formatAmount(v) : v]));
  return { ...error, params };
}

/** The opening every refund route handler shares (lib/http/menu-route.ts), with amounts in refusals formatted. */
export function refundRoute<S extends z.ZodType>(request: NextRequest, menu: RefundMenu, schema: S, run: (input: z.infer<S>, context: MenuCall) => Promise<NextResponse | unknown>): Promise<NextResponse> {
  return menuRoute(request, menu, schema, run, readable);
}
