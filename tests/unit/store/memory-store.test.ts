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

  it('keeps a text value until its time is up, and a later put replaces it and its time', async () => {
    const store = new MemoryStore();
    expect(await store.get('p')).toBeNull();
    await store.put('p', '{"written":0}', 1000);
    expect(await store.get('p')).toBe('{"written":0}');
    jest.advanceTimersByTime(800);
    await store.put('p', '{"written":5000}', 1000);
    jest.advanceTimersByTime(800);
    expect(await store.get('p')).toBe('{"written":5000}');
    expect(await store.has('p')).toBe(true);
    jest.advanceTimersByTime(201);
    expect(await store.get('p')).toBeNull();
  });

  it('lets a put refresh a claim, which release still ends', async () => {
    const store = new MemoryStore();
    expect(await store.claim('export:s', 500)).toBe(true);
    jest.advanceTimersByTime(400);
    await store.put('export:s', '1', 500);
    jest.advanceTimersByTime(400);
    expect(await store.claim('export:s', 500)).toBe(false);
    await store.release('export:s');
    expect(await store.get('export:s')).toBeNull();
  });
});
