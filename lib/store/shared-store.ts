import { createClient, ErrorReply } from 'redis';
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

/**
 * The shared store cannot be reached. Nothing falls back to one instance's memory, which would
 * split a fleet's limits and revocations: what needs the store is refused, translated, until it
 * answers again (docs/operations.md, "Redis").
 */
export class StoreUnavailable extends Error {
  constructor() {
    super('the shared store is unavailable');
    this.name = 'StoreUnavailable';
  }
}

/**
 * Whether an error is the store's refusal, told by its name: the store lives on globalThis, made
 * by whichever bundle came first (the proxy, a route), so its error may be another bundle's class.
 */
export const isStoreUnavailable = (error: unknown): error is StoreUnavailable => error instanceof Error && error.name === 'StoreUnavailable';

/**
 * A store write that follows a change already made (a counter cleared after a sign-in, a session
 * revoked after its upstream token was): with the store away, the change stands and the write is
 * skipped, logged, rather than turning the success into a refusal that says nothing was changed.
 */
export async function bestEffort(work: Promise<unknown>, what: string): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    portalLog().warn({ what }, 'shared store unavailable: write skipped');
  }
}

/** Host and port of a Redis URL, for a log line: never its password. */
function redisAddress(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || 6379}`;
  } catch {
    return 'an unreadable REDIS_URL';
  }
}

/** How long a command may take, and how long the first connection is awaited, before the store counts as down. */
const COMMAND_MS = 1000;
const FIRST_CONNECT_MS = 2000;

export class RedisStore implements SharedStore {
  private readonly client: ReturnType<typeof createClient>;
  private readonly firstReady: Promise<void>;
  private everReady = false;
  private down = false;

  constructor(url: string, private readonly prefix = 'portal:') {
    // No offline queue: while Redis is away a command fails at once instead of waiting for it.
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      commandOptions: { timeout: COMMAND_MS },
      socket: { connectTimeout: FIRST_CONNECT_MS, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000) },
    });
    const where = redisAddress(url);
    this.client.on('error', (error: Error) => {
      if (this.down) return;
      this.down = true;
      portalLog().error({ redis: where, error: error.message }, 'REDIS_URL does not answer: sign-ins and what needs the shared store are refused until it does');
    });
    this.firstReady = new Promise((resolve) => this.client.once('ready', resolve));
    this.client.on('ready', () => {
      this.everReady = true;
      if (this.down) portalLog().info('redis available again');
      this.down = false;
    });
    // It reconnects by itself, whether or not the first attempt succeeds.
    this.client.connect().catch(() => undefined);
  }

  /**
   * Runs one command; StoreUnavailable when Redis does not answer. Only the first connection is
   * waited for (the process has just started), and only until its first failure. Redis's own
   * refusal of a command (an error reply) is a fault of ours and goes up as it is.
   */
  private async run<T>(command: (client: ReturnType<typeof createClient>) => Promise<T>): Promise<T> {
    if (!this.client.isReady && !this.everReady && !this.down) await Promise.race([this.firstReady, new Promise((resolve) => setTimeout(resolve, FIRST_CONNECT_MS).unref())]);
    if (!this.client.isReady) throw new StoreUnavailable();
    try {
      return await command(this.client);
    } catch (error) {
      if (error instanceof ErrorReply) throw error;
      throw new StoreUnavailable();
    }
  }

  async increment(key: string, ttlMs: number) {
    const [count] = (await this.run((client) => client.multi().incr(this.prefix + key).pExpire(this.prefix + key, ttlMs, 'NX').exec())) as unknown as [number];
    return Number(count);
  }

  async claim(key: string, ttlMs: number) {
    return (await this.run((client) => client.set(this.prefix + key, '1', { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }))) === 'OK';
  }

  async has(key: string) {
    return (await this.run((client) => client.exists(this.prefix + key))) === 1;
  }

  async release(key: string) {
    await this.run((client) => client.del(this.prefix + key));
  }

  async put(key: string, value: string, ttlMs: number) {
    await this.run((client) => client.set(this.prefix + key, value, { expiration: { type: 'PX', value: ttlMs } }));
  }

  async get(key: string) {
    return this.run((client) => client.get(this.prefix + key));
  }

  async ttl(key: string) {
    // PTTL answers -2 for a missing key and -1 for one without expiry; neither is a wait.
    return Math.max(0, await this.run((client) => client.pTTL(this.prefix + key)));
  }

  async close() {
    this.client.destroy();
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
