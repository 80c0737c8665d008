import 'server-only';
import http from 'node:http';
import https from 'node:https';

/** One request to the services, as the gateway built it. */
export interface OutgoingCall {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Exchanged {
  status: number;
  /** One header of the answer by its lower-case name. */
  header: (name: string) => string | undefined;
  body: Buffer;
}

// Connections to the services stay open between calls; each agent drops an idle connection before
// the service's announced keep-alive timeout (Node's agent reads the hint), so a call never goes
// out on a connection the service is closing. LIFO reuses the warmest connection and lets the rest
// expire after a burst.
const AGENT_OPTIONS = { keepAlive: true, scheduling: 'lifo', timeout: 5_000 } as const;
const agents = { 'http:': new http.Agent(AGENT_OPTIONS), 'https:': new https.Agent(AGENT_OPTIONS) };

/**
 * One header from the answer's raw lines. Node's `headers` object is built on first read from every
 * line (lower-cased, known fields merged): for the one header a call reads, that cost the gateway
 * about 40 µs a call in a CPU profile of the gateway bench.
 */
function rawHeader(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.length === name.length && raw[i]?.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

/**
 * Sends one call and reads its whole answer, with Node's HTTP client rather than `fetch`: for a
 * small JSON answer, undici's WHATWG layer (streams, Headers, abort plumbing) costs more than the
 * exchange itself (docs/performance.md, "Gateway"). Rejects with a TimeoutError when no whole answer
 * came within `timeoutMs`, and with the socket's error when there is no answer. A timer, not an
 * AbortSignal: a signal's timer and its listeners were another 35 µs a call in the same profile.
 */
export function exchange({ url, method, headers, body }: OutgoingCall, timeoutMs: number): Promise<Exchanged> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const request = protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: agents[protocol] });
    const timer = setTimeout(() => {
      reject(new DOMException('The upstream did not answer in time', 'TimeoutError'));
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    outgoing.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        clearTimeout(timer);
        resolve({ status: answer.statusCode ?? 0, header: (name) => rawHeader(answer.rawHeaders, name), body: Buffer.concat(chunks) });
      });
      // A connection lost in the middle of the answer: no answer at all.
      answer.on('close', () => {
        clearTimeout(timer);
        if (!answer.complete) reject(Object.assign(new Error('The services closed the connection mid-answer'), { code: 'ECONNRESET' }));
      });
    });
    outgoing.end(body);
  });
}
