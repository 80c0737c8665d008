import { MemoryStore, RedisStore, type SharedStore } from '@/lib/store/shared-store';

/** The same contract for both stores; Redis when the suite could start a server. */
const stores: [string, () => SharedStore & { close?: () => Promise<void> }][] = [
  ['memory', () => new MemoryStore()],
  ...(process.env.TEST_REDIS_URL ? [['redis', () => new RedisStore(process.env.TEST_REDIS_URL as string, `test:${Math.random()}:`)] as [string, () => RedisStore]] : []),
];

describe.each(stores)('the %s shared store', (_name, make) => {
  let store: ReturnType<typeof make>;
  beforeEach(() => {
    store = make();
  });
  afterEach(async () => {
    await store.close?.();
  });

  it('counts attempts within a window and forgets them after it', async () => {
    expect(await store.increment('attempts', 300)).toBe(1);
    expect(await store.increment('attempts', 300)).toBe(2);
    expect(await store.increment('attempts', 300)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await store.increment('attempts', 300)).toBe(1);
  });

  it('tells how long a counter has left, and nothing for a missing key', async () => {
    expect(await store.ttl('window')).toBe(0);
    await store.increment('window', 60_000);
    const left = await store.ttl('window');
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    await store.release('window');
    expect(await store.ttl('window')).toBe(0);
  });

  it('lets exactly one of many concurrent claims win', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim('guard', 1000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.has('guard')).toBe(true);
    await store.release('guard');
    expect(await store.has('guard')).toBe(false);
    expect(await store.claim('guard', 1000)).toBe(true);
  });

  it('keeps a text value for its time, replaces it on put, and forgets it after', async () => {
    expect(await store.get('progress')).toBeNull();
    await store.put('progress', '{"written":0,"total":12}', 300);
    expect(await store.get('progress')).toBe('{"written":0,"total":12}');
    await store.put('progress', '{"written":12,"total":12}', 300);
    expect(await store.get('progress')).toBe('{"written":12,"total":12}');
    expect(await store.has('progress')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await store.get('progress')).toBeNull();
  });

  it('lets a put refresh a claim until it is released', async () => {
    expect(await store.claim('export', 300)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await store.put('export', '1', 300);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await store.claim('export', 300)).toBe(false);
    await store.release('export');
    expect(await store.claim('export', 300)).toBe(true);
  });
});

if (process.env.TEST_REDIS_URL) {
  it('shares state between portal instances through Redis', async () => {
    const prefix = `shared:${Math.random()}:`;
    const [one, two] = [new RedisStore(process.env.TEST_REDIS_URL as string, prefix), new RedisStore(process.env.TEST_REDIS_URL as string, prefix)];
    try {
      expect(await one.claim('revoked:abc', 5000)).toBe(true);
      expect(await two.has('revoked:abc')).toBe(true);
      expect(await two.claim('revoked:abc', 5000)).toBe(false);
      await one.increment('rate:x', 5000);
      expect(await two.increment('rate:x', 5000)).toBe(2);
      await one.put('export-progress:s:1', '{"written":5000}', 5000);
      expect(await two.get('export-progress:s:1')).toBe('{"written":5000}');
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
}
