import { request as httpRequest } from 'node:http';

/**
 * Requests as a separate client machine would send them, for tests of a running portal or fleet:
 * each from a loopback address of its own (127.0.0.2, 127.0.0.3, ...), bodies streamed as a client
 * streams them.
 */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

export interface RawOptions {
  localAddress?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A body of this many bytes, streamed in 64 KB chunks until the server answers. */
  streamBytes?: number;
}

export function raw(base: string, method: string, path: string, { localAddress = '127.0.0.1', headers = {}, body, streamBytes }: RawOptions = {}): Promise<RawAnswer> {
  const url = new URL(path, base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    // A request unanswered this long fails the test with its code, rather than hang it.
    const req = httpRequest({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, localAddress, headers, timeout: 20_000, agent: false }, (res) => {
      answered = true;
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, ms: Date.now() - started });
        req.destroy();
      });
      // An answer whose connection ended before its body did (its server died mid-answer) fails with that, rather than hang.
      res.on('close', () => res.complete || reject(Object.assign(new Error(`the answer (${res.statusCode}) was cut short`), { code: 'CUT_SHORT' })));
    });
    // The server may close the connection once it has answered: the rest of the body is not wanted.
    req.on('error', (error) => answered || reject(error));
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer within 20 s'), { code: 'ETIMEDOUT' })));
    if (streamBytes === undefined) return req.end(body);
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!answered && sent < streamBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    if (body) req.write(body);
    pump();
  });
}

/** The cookies an answer sets, as a Cookie header's pairs. */
export const cookiesOf = (answer: RawAnswer) => ([] as string[]).concat(answer.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '');

/** A client of its own address signing in: the picture code's cookie, then the sign-in (the test code 2468); answers the cookies. */
export async function signInFrom(base: string, localAddress: string, username: string, password = 'Portal#2026', headers: Record<string, string> = {}) {
  const origin = new URL(base).origin;
  const captcha = await raw(base, 'GET', '/api/auth/captcha', { localAddress });
  const cookie = cookiesOf(captcha).join('; ');
  const answer = await raw(base, 'POST', '/api/auth/login', { localAddress, headers: { 'content-type': 'application/json', origin, cookie, ...headers }, body: JSON.stringify({ username, password, captcha: '2468' }) });
  const session = cookiesOf(answer).find((c) => c.startsWith('portal_session='));
  return { status: answer.status, cookie: session ?? '', answer };
}
