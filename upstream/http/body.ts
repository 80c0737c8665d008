/** A request body went past the limit its route allows. */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes`);
    this.name = 'BodyTooLarge';
  }
}

/**
 * Reads a request's body chunk by chunk, up to `maxBytes` and no further: a Content-Length over
 * the limit is refused before a byte is read, and a body sent without one (chunked) is refused the
 * moment its running total passes the limit, so no more than the limit (plus one chunk) is ever held.
 * What the client still sends after the refusal is drained and the connection closed by the HTTP
 * server (@hono/node-server drains at most 64 MB or 500 ms), never kept.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new BodyTooLarge(maxBytes);
  const body = request.body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new BodyTooLarge(maxBytes);
      chunks.push(value);
    }
  } finally {
    // Not cancelled: cancelling would destroy the connection before the refusal is written.
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}
