import { createClient } from 'redis';
import { portalLog } from '../log/logger';

/**
 * Short-lived shared state: rate-limit counters, the duplicate-request guard, revoked sessions,
 * used verification codes and the progress of exports. In memory for one instance; in Redis when REDIS_URL is set, so that
 * every portal instance behind a load balancer sees the same (DESIGN.md section 8).
 */
export interface SharedStore {
  /** Adds one to a counter that lives `ttlMs` from its first increment; returns the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Sets the key unless it exists; true when this call set it. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  has(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Sets the key to a text value that lives `ttlMs` from now, whether or not it existed. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The text value of a live key, or null. */
  get(key: string): Promise<string | null>;
  /** Milliseconds until a live key expires; 0 when there is none. */
  ttl(key: string): Promise<number>;
}

export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, { value: number | string; expires: number }>();

  private live(key: string, now = Date.now()) {
    const entry = this.entries.get(key);
    if (entry && entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async increment(key: string, ttlMs: number) {
    const entry = this.live(key);
    if (entry) return (entry.value = Number(entry.value) + 1);
    this.sweep();
    this.entries.set(key, { value: 1, expires: Date.now() + ttlMs });
    return 1;
  }

  async claim(key: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.entries.set(key, { value: 1, expires: Date.now() + ttlMs });
    return true;
  }

  async has(key: string) {
    return this.live(key) !== undefined;
  }

  async release(key: string) {
    this.entries.delete(key);
  }

  async put(key: string, value: string, ttlMs: number) {
    this.sweep();
    this.entries.set(key, { value, expires: Date.now() + ttlMs });
  }

  async get(key: string) {
    const entry = this.live(key);
    return entry === undefined ? null : String(entry.value);
  }

  async ttl(key: string) {
    const now = Date.now();
    const entry = this.live(key, now);
    return entry === undefined ? 0 : entry.expires - now;
  }

  /** Drops expired entries now and then, so counters of passers-by do not pile up. */
  private sweep() {
    if (this.entries.size < 10_000) return;
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}

export class RedisStore implements SharedStore {
  private readonly client: ReturnType<typeof createClient>;
  private ready: Promise<unknown> | undefined;

  constructor(url: string, private readonly prefix = 'portal:') {
    this.client = createClient({ url });
    this.client.on('error', (error: Error) => portalLog().error({ error: error.message }, 'redis'));
  }

  private async connected() {
    this.ready ??= this.client.connect();
    await this.ready;
    return this.client;
  }

  async increment(key: string, ttlMs: number) {
    const client = await this.connected();
    const [count] = (await client.multi().incr(this.prefix + key).pExpire(this.prefix + key, ttlMs, 'NX').exec()) as unknown as [number];
    return Number(count);
  }

  async claim(key: string, ttlMs: number) {
    const client = await this.connected();
    return (await client.set(this.prefix + key, '1', { condition: 'NX', expiration: { type: 'PX', value: ttlMs } })) === 'OK';
  }

  async has(key: string) {
    return (await (await this.connected()).exists(this.prefix + key)) === 1;
  }

  async release(key: string) {
    await (await this.connected()).del(this.prefix + key);
  }

  async put(key: string, value: string, ttlMs: number) {
    await (await this.connected()).set(this.prefix + key, value, { expiration: { type: 'PX', value: ttlMs } });
  }

  async get(key: string) {
    return (await this.connected()).get(this.prefix + key);
  }

  async ttl(key: string) {
    // PTTL answers -2 for a missing key and -1 for one without expiry; neither is a wait.
    return Math.max(0, await (await this.connected()).pTTL(this.prefix + key));
  }

  async close() {
    if (this.ready) await this.client.quit();
  }
}

const STORE = Symbol.for('portal.sharedStore');

/**
 * The process's store. Kept on globalThis because the proxy and the route handlers are bundled
 * separately and would otherwise each hold their own memory.
 */
export function sharedStore(): SharedStore {
  const holder = globalThis as { [STORE]?: SharedStore };
  holder[STORE] ??= process.env.REDIS_URL ? new RedisStore(process.env.REDIS_URL) : new MemoryStore();
  return holder[STORE];
}
