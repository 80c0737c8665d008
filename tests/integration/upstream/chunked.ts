import { request } from 'node:http';

export interface ChunkedAnswer {
  status: number;
  contentType: string;
  body: string;
  /** Bytes written by the time the answer's head arrived. */
  sentBytes: number;
  /** Milliseconds from the first byte sent to the answer's head. */
  ms: number;
  /** The highest resident set size of this process (which runs the services) seen meanwhile, over the one before. */
  rssGrowth: number;
}

/**
 * POSTs `totalBytes` of `chunk` with no Content-Length (chunked transfer encoding), as a client
 * that does not say how much it will send, and stops sending the moment the answer arrives: how
 * much a service reads before it refuses, and how long it takes, is what a caller notices.
 */
export function postChunked(url: string, options: { contentType: string; totalBytes: number; chunk: Buffer; headers?: Record<string, string> }): Promise<ChunkedAnswer> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  return new Promise<ChunkedAnswer>((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const req = request(url, { method: 'POST', headers: { 'content-type': options.contentType, ...options.headers } });
    req.on('response', (res) => {
      answered = true;
      const ms = performance.now() - started;
      const sentBytes = sent;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(parts).toString('utf8'), sentBytes, ms, rssGrowth: peak - before });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < options.totalBytes) {
        sent += options.chunk.length;
        if (!req.write(options.chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  }).finally(() => clearInterval(sampler));
}

/** A JSON or form body sent as a stream (fetch, no Content-Length). */
export function streamed(text: string): { body: ReadableStream<Uint8Array>; duplex: 'half' } {
  const bytes = new TextEncoder().encode(text);
  return {
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
    duplex: 'half',
  };
}
