import { MAX_WAITING, UserCalls, userCallsInFlight } from '@/lib/gateway/user-calls';

describe('one user’s calls in flight', () => {
  it('admits up to the limit, queues the rest in order, and hands each freed slot to the next', async () => {
    const calls = new UserCalls(2);
    const order: string[] = [];
    const first = await calls.enter('7');
    const second = await calls.enter('7');
    const third = calls.enter('7').then((leave) => (order.push('third'), leave));
    const fourth = calls.enter('7').then((leave) => (order.push('fourth'), leave));
    expect(calls.load('7')).toEqual({ running: 2, waiting: 2 });
    first?.();
    first?.(); // giving a slot back twice frees it once
    (await third)?.();
    second?.();
    (await fourth)?.();
    expect(order).toEqual(['third', 'fourth']);
    expect(calls.load('7')).toEqual({ running: 0, waiting: 0 });
  });

  it('lets another user straight through while one user’s calls wait', async () => {
    const calls = new UserCalls(1);
    const busy = await calls.enter('flood');
    const queued = calls.enter('flood');
    const other = await calls.enter('someone else');
    expect(other).not.toBeNull();
    expect(calls.load('flood')).toEqual({ running: 1, waiting: 1 });
    busy?.();
    (await queued)?.();
    other?.();
  });

  it('refuses a call at once when the user already has the most calls waiting', async () => {
    const calls = new UserCalls(1);
    await calls.enter('flood');
    const waiting = Array.from({ length: MAX_WAITING }, () => calls.enter('flood'));
    expect(await calls.enter('flood')).toBeNull();
    expect(calls.load('flood').waiting).toBe(MAX_WAITING);
    expect(waiting).toHaveLength(MAX_WAITING);
  });

  it('reads USER_CALLS_IN_FLIGHT, keeping the default for nonsense', () => {
    const limitOf = (env: Record<string, string>) => userCallsInFlight(env as NodeJS.ProcessEnv);
    expect(limitOf({})).toBe(6);
    expect(limitOf({ USER_CALLS_IN_FLIGHT: '3' })).toBe(3);
    expect(limitOf({ USER_CALLS_IN_FLIGHT: '0' })).toBe(6);
    expect(limitOf({ USER_CALLS_IN_FLIGHT: 'many' })).toBe(6);
  });
});
