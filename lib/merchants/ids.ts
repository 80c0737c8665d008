import 'server-only';
import { callUpstream, type GatewayResult } from '../gateway/client';
import { keepMerchantIds, keptMerchantIds } from '../session/merchant-ids';
import type { SessionData } from '../session/session';
import { MERCHANT_CALLS } from './calls';

/**
 * The merchant ids the session may see: kept beside the session at sign-in
 * (lib/session/merchant-ids.ts), asked of the services' merchant list again when the store lost them.
 */
export async function merchantIdsOf(session: SessionData): Promise<GatewayResult<string[]>> {
  const kept = await keptMerchantIds(session.sid);
  if (kept) return { ok: true, data: kept, newerVersion: false };
  const answer = await callUpstream(MERCHANT_CALLS.merchantList, { ispaging: false }, session);
  if (!answer.ok) return answer;
  const ids = answer.data.data.map((m) => m.merchant_no);
  await keepMerchantIds(session.sid, ids);
  return { ...answer, data: ids };
}
