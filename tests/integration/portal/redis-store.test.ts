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

  it('lets exactly one of many concurrent claims win', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim('guard', 1000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.has('guard')).toBe(true);
    await store.release('guard');
    expect(await store.has('guard')).toBe(false);
    expect(await store.claim('guard', 1000)).toBe(true);
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
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
}
