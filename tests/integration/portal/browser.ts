import { NextRequest, type NextResponse } from 'next/server';
import { POST as accountPassword } from '@/app/api/account/password/route';
import { POST as editAccount } from '@/app/api/accounts/edit/route';
import { GET as downloadDocument } from '@/app/api/documents/[id]/route';
import { POST as uploadDocument } from '@/app/api/documents/route';
import { POST as createAccount } from '@/app/api/accounts/route';
import { POST as applyService } from '@/app/api/applications/route';
import { POST as createPaymentRequest } from '@/app/api/collect/requests/route';
import { GET as storeCode } from '@/app/api/collect/store-code/[store]/route';
import { POST as firstLogin } from '@/app/api/auth/first-login/route';
import { POST as forgot } from '@/app/api/auth/forgot/route';
import { GET as captcha } from '@/app/api/auth/captcha/route';
import { POST as login } from '@/app/api/auth/login/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as reset } from '@/app/api/auth/reset/route';
import { POST as secondStep } from '@/app/api/auth/second-step/route';
import { POST as passkeySignIn } from '@/app/api/auth/passkey/route';
import { POST as passkeyOptions } from '@/app/api/auth/passkey/options/route';
import { POST as twoStep } from '@/app/api/two-step/[action]/route';
import { POST as gateway } from '@/app/api/gateway/[call]/route';
import { GET as choices } from '@/app/api/choices/[source]/route';
import { GET as exportList } from '@/app/api/export/[list]/route';
import { GET as exportProgress } from '@/app/api/export/progress/route';
import { GET as health } from '@/app/api/health/route';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { GET as readiness } from '@/app/api/health/ready/route';
import { POST as batchRefunds } from '@/app/api/refunds/batch/route';
import { GET as batchTemplate } from '@/app/api/refunds/batch/template/route';
import { POST as cancelRefund } from '@/app/api/refunds/cancel/route';
import { POST as decideRefunds } from '@/app/api/refunds/decide/route';
import { POST as importantNotice } from '@/app/api/notices/important/route';
import { POST as findRefundable } from '@/app/api/refunds/find/route';
import { POST as requestRefund } from '@/app/api/refunds/route';
import { GET as dashboardPdf } from '@/app/pdf-download-dashboard/route';
import { GET as ssoPath } from '@/app/redirect/[...path]/route';
import { PEER_HEADER } from '@/lib/http/client';
import { GET as sso } from '@/app/redirect/route';
import { proxy } from '@/proxy';

export const ORIGIN = 'http://portal.test';
export const TEST_CAPTCHA = '2468';

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

const ROUTES: [RegExp, Handler, string[]][] = [
  [/^\/api\/auth\/login$/, login as Handler, []],
  [/^\/api\/account\/password$/, accountPassword as Handler, []],
  [/^\/api\/auth\/logout$/, logout as Handler, []],
  [/^\/api\/auth\/forgot$/, forgot as Handler, []],
  [/^\/api\/auth\/reset$/, reset as Handler, []],
  [/^\/api\/auth\/first-login$/, firstLogin as Handler, []],
  [/^\/api\/auth\/captcha$/, captcha as Handler, []],
  [/^\/api\/auth\/second-step$/, secondStep as Handler, []],
  [/^\/api\/auth\/passkey\/options$/, passkeyOptions as Handler, []],
  [/^\/api\/auth\/passkey$/, passkeySignIn as Handler, []],
  [/^\/api\/two-step\/([^/]+)$/, twoStep as unknown as Handler, ['action']],
  [/^\/api\/gateway\/([^/]+)$/, gateway as unknown as Handler, ['call']],
  [/^\/redirect$/, sso as Handler, []],
  [/^\/api\/choices\/([^/]+)$/, choices as unknown as Handler, ['source']],
  [/^\/api\/export\/progress$/, exportProgress as Handler, []],
  [/^\/api\/export\/([^/]+)$/, exportList as unknown as Handler, ['list']],
  [/^\/api\/accounts$/, createAccount as Handler, []],
  [/^\/api\/accounts\/edit$/, editAccount as Handler, []],
  [/^\/api\/documents$/, uploadDocument as Handler, []],
  [/^\/api\/documents\/([^/]+)$/, downloadDocument as unknown as Handler, ['id']],
  [/^\/api\/applications$/, applyService as Handler, []],
  [/^\/api\/collect\/requests$/, createPaymentRequest as Handler, []],
  [/^\/api\/collect\/store-code\/([^/]+)$/, storeCode as unknown as Handler, ['store']],
  [/^\/api\/health$/, health as Handler, []],
  [/^\/api\/health\/ready$/, readiness as Handler, []],
  [/^\/api\/metrics$/, metricsRoute as Handler, []],
  [/^\/api\/notices\/important$/, importantNotice as Handler, []],
  [/^\/api\/refunds$/, requestRefund as Handler, []],
  [/^\/api\/refunds\/find$/, findRefundable as Handler, []],
  [/^\/api\/refunds\/cancel$/, cancelRefund as Handler, []],
  [/^\/api\/refunds\/decide$/, decideRefunds as Handler, []],
  [/^\/api\/refunds\/batch$/, batchRefunds as Handler, []],
  [/^\/api\/refunds\/batch\/template$/, batchTemplate as Handler, []],
  [/^\/pdf-download-dashboard$/, dashboardPdf as Handler, []],
  [/^\/redirect\/(.+)$/, ssoPath as unknown as Handler, ['path']],
];

/** Every route handler's path as the test client reaches it, with its methods (for sweeps over all of them). */
export const ROUTE_PATTERNS = ROUTES.map(([pattern]) => pattern);

export interface Answer<T = { ok: boolean; data?: unknown; error?: { code: string; message: string } }> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/**
 * A cookie-keeping client that calls the portal's real route handlers in-process. Its requests
 * carry the peer address the portal's server entry stamps on every request (scripts/portal-server.cjs).
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly language = 'en',
    readonly address = '127.0.0.1',
  ) {}

  private request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
    return this.rawRequest(method, path, body === undefined ? undefined : JSON.stringify(body), headers, signal);
  }

  private rawRequest(method: string, path: string, body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined, headers: Record<string, string> = {}, signal?: AbortSignal) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    return new NextRequest(`${ORIGIN}${path}`, {
      method,
      headers: { host: 'portal.test', origin: ORIGIN, 'accept-language': this.language, 'content-type': 'application/json', [PEER_HEADER]: this.address, ...(cookie ? { cookie } : {}), ...headers },
      body,
      signal,
      // A stream is sent as it comes (chunked, no length), as a client may.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as ConstructorParameters<typeof NextRequest>[1]);
  }

  private route(path: string) {
    const url = new URL(path, ORIGIN);
    const route = ROUTES.find(([pattern]) => pattern.test(url.pathname));
    if (!route) throw new Error(`no route handler for ${path}`);
    const [pattern, handler, names] = route;
    const match = pattern.exec(url.pathname) as RegExpExecArray;
    return { handler, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string])) };
  }

  private keep(response: Response | NextResponse) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value.join('=') === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }

  async call<T = Answer['body']>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>> {
    const { handler, params } = this.route(path);
    const response = await handler(this.request(method, path, body, headers), { params: Promise.resolve(params) });
    this.keep(response);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // images, redirects
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  /** Sends a body as it is (not JSON-encoded): broken JSON, other content types, oversized bodies, streams without a length. */
  async send(method: string, path: string, body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, headers?: Record<string, string>): Promise<Answer> {
    const { handler, params } = this.route(path);
    const response = await handler(this.rawRequest(method, path, body, headers), { params: Promise.resolve(params) });
    this.keep(response);
    const text = await response.text();
    // A redirect (an HTML form's answer) has no body.
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Answer['body'], headers: response.headers, text };
  }

  /** POSTs a multipart form (a file upload), encoded as a browser encodes it. */
  async postForm(path: string, form: FormData, headers: Record<string, string> = {}): Promise<Answer> {
    const encoded = new Request(ORIGIN, { method: 'POST', body: form });
    const body = new Uint8Array(await encoded.arrayBuffer());
    const { handler, params } = this.route(path);
    const response = await handler(this.rawRequest('POST', path, body, { 'content-type': encoded.headers.get('content-type') ?? '', ...headers }), { params: Promise.resolve(params) });
    this.keep(response);
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Answer['body'], headers: response.headers, text };
  }

  /** A GET whose response is handed back unread: streamed files, and downloads the test aborts through `signal`. */
  async open(path: string, { signal, headers }: { signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<Response> {
    const { handler, params } = this.route(path);
    const response = await handler(this.request('GET', path, undefined, headers, signal), { params: Promise.resolve(params) });
    this.keep(response);
    return response;
  }

  /** What the proxy decides for a page navigation. */
  async navigate(path: string, headers: Record<string, string> = {}) {
    const response = await proxy(this.request('GET', path, undefined, headers));
    this.keep(response);
    return { status: response.status, location: response.headers.get('location') };
  }

  /** Loads a verification code (sets its cookie), then signs in with the test code. */
  async signIn(username: string, password = 'Portal#2026', extra: Record<string, unknown> = {}) {
    await this.call('GET', '/api/auth/captcha');
    return this.call<{ ok: boolean; data?: { redirect: string; session: Record<string, unknown> }; error?: { code: string; message: string } }>(
      'POST', '/api/auth/login', { username, password, captcha: TEST_CAPTCHA, ...extra },
    );
  }
}
