import 'server-only';
import http, { type IncomingHttpHeaders } from 'node:http';
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
  headers: IncomingHttpHeaders;
  body: Buffer;
}

// Connections to the services stay open between calls; each agent drops an idle connection before
// the service's announced keep-alive timeout (Node's agent reads the hint), so a call never goes
// out on a connection the service is closing. LIFO reuses the warmest connection and lets the rest
// expire after a burst.
const AGENT_OPTIONS = { keepAlive: true, scheduling: 'lifo', timeout: 5_000 } as const;
const agents = { 'http:': new http.Agent(AGENT_OPTIONS), 'https:': new https.Agent(AGENT_OPTIONS) };

/**
 * Sends one call and reads its whole answer, with Node's HTTP client rather than `fetch`: for a
 * small JSON answer, undici's WHATWG layer (streams, Headers, abort plumbing) costs more than the
 * exchange itself (docs/performance.md, "Gateway"). Rejects with the signal's reason when it
 * aborts, before or during the answer, and with the socket's error when there is no answer.
 */
export function exchange({ url, method, headers, body }: OutgoingCall, signal: AbortSignal): Promise<Exchanged> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const request = protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const outgoing = request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: agents[protocol] });
    const abort = () => {
      reject(signal.reason);
      outgoing.destroy();
    };
    signal.addEventListener('abort', abort, { once: true });
    const settle = () => signal.removeEventListener('abort', abort);
    outgoing.on('error', (error) => {
      settle();
      reject(error);
    });
    outgoing.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        settle();
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) });
      });
      // A connection lost in the middle of the answer: no answer at all.
      answer.on('close', () => {
        settle();
        if (!answer.complete) reject(Object.assign(new Error('The services closed the connection mid-answer'), { code: 'ECONNRESET' }));
      });
    });
    outgoing.end(body);
  });
}
