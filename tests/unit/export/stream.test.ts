import { pulledStream } from '@/lib/export/stream';

const bytes = (text: string) => new TextEncoder().encode(text);

function source(count: number) {
  const state = { made: 0, stopped: false };
  async function* chunks() {
    try {
      for (let i = 0; i < count; i++) {
        state.made++;
        yield bytes(`chunk ${i}\n`);
      }
    } finally {
      state.stopped = true;
    }
  }
  return { state, chunks: chunks() };
}

describe('the pulled file stream', () => {
  it('makes a chunk only when one is read, and ends "done" once', async () => {
    const { state, chunks } = source(100);
    const ends: string[] = [];
    const stream = pulledStream(chunks, { signal: new AbortController().signal, onEnd: async (outcome) => void ends.push(outcome) });
    const reader = stream.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The one read, and one read ahead.
    expect(state.made).toBeLessThanOrEqual(2);
    let read = 1;
    while (!(await reader.read()).done) read++;
    expect({ read, made: state.made, ends }).toEqual({ read: 100, made: 100, ends: ['done'] });
  });

  it('stops the source when the signal aborts, and ends "cancelled"', async () => {
    const { state, chunks } = source(100);
    const ends: string[] = [];
    const abort = new AbortController();
    const reader = pulledStream(chunks, { signal: abort.signal, onEnd: async (outcome) => void ends.push(outcome) }).getReader();
    await reader.read();
    abort.abort();
    while (!(await reader.read()).done);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state).toMatchObject({ stopped: true });
    expect(state.made).toBeLessThan(5);
    expect(ends).toEqual(['cancelled']);
  });

  it('stops the source when the reader cancels', async () => {
    const { state, chunks } = source(100);
    const ends: string[] = [];
    const reader = pulledStream(chunks, { signal: new AbortController().signal, onEnd: async (outcome) => void ends.push(outcome) }).getReader();
    await reader.read();
    await reader.cancel();
    expect(state.stopped).toBe(true);
    expect(ends).toEqual(['cancelled']);
  });

  it('errors the stream and ends "failed" when the source fails', async () => {
    async function* failing() {
      yield bytes('header\n');
      throw new Error('upstream gone');
    }
    const ends: [string, unknown][] = [];
    const reader = pulledStream(failing(), { signal: new AbortController().signal, onEnd: async (outcome, error) => void ends.push([outcome, (error as Error)?.message]) }).getReader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow('upstream gone');
    expect(ends).toEqual([['failed', 'upstream gone']]);
  });
});
