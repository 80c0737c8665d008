import { DatabaseUnavailable } from '../db/database';

/** The media type of a streamed answer: one JSON value per line (NDJSON). */
export const NDJSON = 'application/x-ndjson';

/**
 * What a streamed answer says on its lines: a head naming the columns, then one JSON array per
 * row, then a tail with the number of rows sent. The tail is what tells a complete answer from
 * one cut short at a line's end (a dropped connection, a crashed service); a failure after the
 * head is a last line `{"error": {code, description}}` instead of the tail.
 */
export class RowStream {
  constructor(
    readonly columns: readonly string[],
    /** The next rows, each an array in the columns' order; an empty array when there are no more. */
    readonly next: () => Promise<unknown[][]>,
  ) {}
}

/**
 * A RowStream as a pull-based byte stream: the next rows are read only when the connection has
 * taken the previous ones (the HTTP server waits for the socket to drain before it pulls), so a
 * slow reader slows the queries, and a reader that goes away cancels the stream: no query is
 * started after that, and the rows of one in flight are dropped.
 */
export function ndjsonStream(rows: RowStream, failed: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let sent = 0;
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify({ columns: rows.columns })}\n`));
    },
    async pull(controller) {
      try {
        const page = await rows.next();
        if (cancelled) return;
        if (page.length === 0) {
          controller.enqueue(encoder.encode(`${JSON.stringify({ end: { rows: sent } })}\n`));
          controller.close();
          return;
        }
        let text = '';
        for (const row of page) text += `${JSON.stringify(row)}\n`;
        sent += page.length;
        controller.enqueue(encoder.encode(text));
      } catch (error) {
        if (cancelled) return;
        failed(error);
        // The status line went out with the head: the failure can only be told on a line of its own.
        const timedOut = error instanceof DatabaseUnavailable;
        const line = timedOut
          ? { code: 'DATABASE_TIMEOUT', description: 'The request took too long in the database; try again later' }
          : { code: 'INTERNAL', description: 'The service failed; try again later' };
        controller.enqueue(encoder.encode(`${JSON.stringify({ error: line })}\n`));
        controller.close();
      }
    },
    cancel() {
      cancelled = true;
    },
  });
}
