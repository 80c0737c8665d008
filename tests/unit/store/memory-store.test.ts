import { MemoryStore } from '@/lib/store/shared-store';

describe('the in-memory shared store', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('counts within a window and starts again after it', async () => {
    const store = new MemoryStore();
    expect(await store.increment('k', 1000)).toBe(1);
    expect(await store.increment('k', 1000)).toBe(2);
    jest.advanceTimersByTime(1001);
    expect(await store.increment('k', 1000)).toBe(1);
  });

  it('claims a key once until it expires or is released', async () => {
    const store = new MemoryStore();
    expect(await store.claim('a', 500)).toBe(true);
    expect(await store.claim('a', 500)).toBe(false);
    expect(await store.has('a')).toBe(true);
    await store.release('a');
    expect(await store.claim('a', 500)).toBe(true);
    jest.advanceTimersByTime(501);
    expect(await store.has('a')).toBe(false);
  });
});
