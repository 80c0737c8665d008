import { callUpstream } from '@/lib/gateway/client';
import type { CallAnswer, CallInput, CallName } from '@/lib/gateway/registry';
import type { SessionData } from '@/lib/session/session';

/** A call as the portal makes it that must succeed: its answer. */
export async function ok<N extends CallName>(name: N, input: CallInput<N>, session: SessionData): Promise<CallAnswer<N>> {
  const result = await callUpstream(name, input, session);
  if (!result.ok) throw new Error(`${name} ${JSON.stringify(input)} failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** A call as the portal makes it that must be refused: its error. */
export async function refusal<N extends CallName>(name: N, input: CallInput<N>, session: SessionData) {
  const result = await callUpstream(name, input, session);
  if (result.ok) throw new Error(`${name} ${JSON.stringify(input)} was not refused`);
  return result.error;
}

/** How the gateway passes on the services' 404 for a record outside the caller's scope. */
export const NOT_FOUND = { code: 'UPSTREAM_REFUSED', status: 404, upstreamCode: 'NOT_FOUND' };
