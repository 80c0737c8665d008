import 'server-only';
import { z } from 'zod';
import { bestEffort, sharedStore } from '../store/shared-store';
import { sessionConfig } from './config';

/**
 * The merchant ids a session may see (spec section 7's merchant list at sign-in), kept beside the
 * session in the shared store rather than in its cookie: a partner of two hundred customers has
 * more merchants than a cookie holds (browsers keep at most 4 096 bytes; issue 29 measured 10.9 KB).
 * A store that lost them (restarted, away) is answered null, and the gateway asks the services again.
 */

const key = (sid: string) => `session-merchants:${sid}`;
const ids = z.array(z.string());

export async function keepMerchantIds(sid: string, merchantIds: readonly string[]): Promise<void> {
  await bestEffort(sharedStore().put(key(sid), JSON.stringify(merchantIds), sessionConfig().maxAgeMs), 'session merchants');
}

export async function keptMerchantIds(sid: string): Promise<string[] | null> {
  try {
    const text = await sharedStore().get(key(sid));
    const parsed = text === null ? null : ids.safeParse(JSON.parse(text));
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}
