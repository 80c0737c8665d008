import 'server-only';
import { callUpstream } from '../gateway/client';
import type { GatewayError } from '../gateway/errors';
import type { SessionData } from '../session/session';
import type { CheckedRow } from './batch';
import { lookupKey, saleLookup, weighRows, type BatchSale, type SaleLookup } from './batch-sales';
import { REFUND_CALLS } from './calls';

/** Lookups in flight at once: a file of 200 sales is checked in a few seconds without holding all of the user's call slots. */
const LOOKUPS_AT_ONCE = 4;

/**
 * The preview's check against the services (batch-sales.ts): each distinct sale the good rows name
 * is found once, with the user's scope, by the call the request form uses. Any lookup that fails
 * fails the preview (the rows could not be weighed; nothing is called "Ready" unchecked).
 */
export async function weighAgainstSales(session: SessionData, rows: readonly CheckedRow[]): Promise<{ rows: CheckedRow[] } | { error: GatewayError }> {
  const lookups = new Map<string, SaleLookup>();
  for (const row of rows) if (row.request) lookups.set(lookupKey(saleLookup(row.request)), saleLookup(row.request));
  const pending = [...lookups.entries()];
  const sales = new Map<string, BatchSale[]>();
  let failed: GatewayError | undefined;
  async function worker() {
    for (let next = pending.shift(); next && !failed; next = pending.shift()) {
      const [key, lookup] = next;
      const found = await callUpstream(REFUND_CALLS.refundTransaction, lookup, session);
      if (!found.ok) failed ??= found.error;
      else sales.set(key, found.data.data);
    }
  }
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, pending.length) }, worker));
  return failed ? { error: failed } : { rows: weighRows(rows, sales) };
}
