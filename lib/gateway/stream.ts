import 'server-only';
import { z } from 'zod';
import type { SessionData } from '../session/session';
import { portalLog } from '../log/logger';
import { logCall, openCall, parseJson, prepareCall, timeoutMs, type GatewayResult } from './client';
import { GatewayFault, upstreamFailure, type GatewayError } from './errors';
import type { Call, CallInput } from './define';

/** What a streamed answer's first line says: the columns of every row that follows, in order. */
const head = z.object({ columns: z.array(z.string()).min(1) });
/** Its last line: how many rows were sent, or why the services stopped. */
const last = z.union([z.object({ end: z.object({ rows: z.number().int().min(0) }) }), z.object({ error: z.looseObject({ code: z.string() }) })]);

export type StreamedRow = Record<string, string>;

/**
 * Opens a streamed call (registry flag `stream`): the input is prepared and sealed as for every
 * call, the status and head are checked before anything is handed on, then the rows come a few
 * at a time as they arrive. Each line is checked at the boundary: an array of the head's length
 * whose values the call's row schema accepts. A line that is not, a stream that ends without its
 * tail or with a row count other than the rows read, or one the services end with an error line,
 * throws a GatewayFault: the reader never gets a row it cannot trust, nor a cut stream that looks
 * whole. The call's timeout covers the wait for the head; the rows may take as long as the reader
 * needs, and `signal` stops them (the connection is closed, so the services stop reading).
 */
export async function streamUpstream<C extends Call>(
  call: C,
  input: CallInput<C> & { columns: readonly string[] },
  session: SessionData,
  signal: AbortSignal,
): Promise<GatewayResult<AsyncGenerator<StreamedRow[]>>> {
  const prepared = await prepareCall(call, input, session);
  if (!prepared.ok) return { ...prepared, newerVersion: false };
  const { definition, payload } = prepared;
  return logCall(call.name, session, async (requestId) => {
    // The call's timeout covers the wait for the head, not the rows, which take as long as the file.
    const waiting = new AbortController();
    const timer = setTimeout(() => waiting.abort(new DOMException('The upstream did not answer in time', 'TimeoutError')), timeoutMs(definition));
    const fail = (error: GatewayError, fault: string, newerVersion = false) => {
      portalLog().warn({ requestId, path: definition.path, fault }, 'upstream call failed');
      return { ok: false as const, error, newerVersion };
    };
    try {
      const sent = await openCall(definition, payload, session, requestId, { signal: AbortSignal.any([signal, waiting.signal]), accept: 'application/x-ndjson' });
      if (!sent.ok) return sent;
      const { response, newerVersion } = sent;
      if (response.status !== 200) return { ok: false, error: upstreamFailure(response.status, parseJson(await response.text().catch(() => ''))), newerVersion };
      if (!response.body) return fail({ code: 'INVALID_ANSWER', status: 200 }, 'no body', newerVersion);
      const pieces = completeLines(response.body);
      const first = await pieces.next().catch(() => undefined);
      if (waiting.signal.aborted) return fail({ code: 'TIMEOUT' }, 'timeout', newerVersion);
      const bytes = first && !first.done ? first.value : new Uint8Array(0);
      const headEnd = bytes.indexOf(NEWLINE);
      const columns = head.safeParse(parseLine(bytes.subarray(0, headEnd)));
      if (headEnd < 0 || !columns.success || columns.data.columns.join() !== input.columns.join()) {
        await pieces.return(undefined);
        return fail({ code: 'INVALID_ANSWER', status: 200 }, 'unexpected stream head', newerVersion);
      }
      const { shape } = definition.answer as z.ZodObject;
      const rowSchema = z.object(Object.fromEntries(input.columns.map((column) => [column, shape[column] ?? z.never()])));
      const report = (fault: string) => portalLog().warn({ requestId, path: definition.path, fault }, 'upstream stream failed');
      return { ok: true, data: rows(pieces, bytes.subarray(headEnd + 1), input.columns, rowSchema, report), newerVersion };
    } finally {
      clearTimeout(timer);
    }
  });
}

const NEWLINE = 0x0a;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A line's JSON value; undefined when it is not UTF-8 or not JSON. */
function parseLine(line: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(line));
  } catch {
    return undefined;
  }
}

/**
 * Rows handed on at a time. A network chunk can hold a thousand rows; parsing and writing them a
 * few at a time keeps what is alive at once small, so the young generation's collections find
 * almost nothing to keep and V8 has no reason to grow the heap during a long export.
 */
const ROWS_PER_BATCH = 64;

/**
 * The body as it arrives, each piece a run of complete lines; an unended last line comes last,
 * alone. Bytes, not text: a network chunk stays outside V8's heap while its rows are read (as one
 * decoded string it was copied by every young collection that met it, and that copying is what
 * makes V8 grow its young generation during a long export); each line is decoded on its own.
 */
async function* completeLines(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = body.getReader();
  let partial: Uint8Array = new Uint8Array(0);
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const end = chunk.value.lastIndexOf(NEWLINE) + 1;
      if (end === 0) {
        partial = partial.length ? Buffer.concat([partial, chunk.value]) : chunk.value;
        continue;
      }
      const lines = partial.length ? Buffer.concat([partial, chunk.value.subarray(0, end)]) : chunk.value.subarray(0, end);
      partial = chunk.value.subarray(end);
      yield lines;
    }
    // A cut stream: handed on so the reader can tell.
    if (partial.length) yield partial;
  } finally {
    // Stopped early (the reader went away, a bad line): closing the connection stops the services.
    await reader.cancel().catch(() => undefined);
  }
}

/** The rows of the lines after the head, each checked, a few at a time. */
async function* rows(pieces: AsyncGenerator<Uint8Array, void, undefined>, pending: Uint8Array, columns: readonly string[], schema: z.ZodObject, report: (fault: string) => void): AsyncGenerator<StreamedRow[]> {
  const invalid = (fault: string) => {
    report(fault);
    return new GatewayFault({ code: 'INVALID_ANSWER', status: 200 });
  };
  let read = 0;
  let ended = false;
  try {
    for (let text: Uint8Array | undefined = pending; ; text = undefined) {
      if (text === undefined) {
        let next: IteratorResult<Uint8Array, void>;
        try {
          next = await pieces.next();
        } catch {
          // The connection broke (not our own abort: that ends the export before this is read).
          throw new GatewayFault({ code: 'NO_RESPONSE' });
        }
        if (next.done) break;
        text = next.value;
      }
      let batch: StreamedRow[] = [];
      for (let start = 0; start < text.length; ) {
        const newline = text.indexOf(NEWLINE, start);
        const end = newline < 0 ? text.length : newline;
        const value = parseLine(text.subarray(start, end));
        start = end + 1;
        if (ended) throw invalid('lines after the tail');
        if (Array.isArray(value)) {
          if (value.length !== columns.length) throw invalid('a row of another length');
          const record: Record<string, unknown> = {};
          for (let i = 0; i < columns.length; i++) record[columns[i] as string] = value[i];
          if (!schema.safeParse(record).success) throw invalid('a row of an unexpected shape');
          batch.push(record as StreamedRow);
          read++;
          if (batch.length === ROWS_PER_BATCH) {
            yield batch;
            batch = [];
          }
          continue;
        }
        const tail = last.safeParse(value);
        if (!tail.success) throw invalid('an unreadable line');
        if ('error' in tail.data) throw new GatewayFault({ code: 'UPSTREAM_FAILED', status: 200, upstreamCode: tail.data.error.code });
        if (tail.data.end.rows !== read) throw invalid('a tail that counts other rows');
        // An unended tail is a cut stream too.
        if (newline < 0) throw invalid('a stream cut after its tail');
        ended = true;
      }
      if (batch.length > 0) yield batch;
    }
    if (!ended) throw invalid('a stream that ended without its tail');
  } finally {
    await pieces.return(undefined);
  }
}
