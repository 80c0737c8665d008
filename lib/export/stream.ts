/**
 * A file as a pull-based ReadableStream: the next chunk is made only when the reader asks for one,
 * so a slow download slows the upstream calls instead of filling memory. When the request's signal
 * aborts (the browser went away or cancelled) or the reader cancels, the chunk source is stopped;
 * `onEnd` is told once how the file ended.
 */
export function pulledStream(
  chunks: AsyncGenerator<Uint8Array>,
  { signal, onEnd }: { signal: AbortSignal; onEnd: (outcome: 'done' | 'cancelled' | 'failed', error?: unknown) => Promise<void> },
): ReadableStream<Uint8Array> {
  let ended = false;
  const end = async (outcome: 'done' | 'cancelled' | 'failed', error?: unknown) => {
    if (ended) return;
    ended = true;
    signal.removeEventListener('abort', onAbort);
    await onEnd(outcome, error);
  };
  // A generator that is running (waiting for an upstream answer) takes the return once it yields.
  const stop = () => chunks.return(undefined).catch(() => undefined);
  function onAbort() {
    void end('cancelled');
    void stop();
  }
  signal.addEventListener('abort', onAbort, { once: true });

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (signal.aborted) throw signal.reason;
        const next = await chunks.next();
        if (signal.aborted) throw signal.reason;
        if (next.done) {
          await end('done');
          controller.close();
        } else {
          controller.enqueue(next.value);
        }
      } catch (error) {
        if (signal.aborted) {
          // Nobody reads any more: end quietly.
          await end('cancelled');
          try {
            controller.close();
          } catch {
            // already closed by a cancel
          }
          return;
        }
        await end('failed', error);
        controller.error(error);
      }
    },
    async cancel() {
      await end('cancelled');
      await stop();
    },
  });
}
