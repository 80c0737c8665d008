import { AsyncLocalStorage } from 'node:async_hooks';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { unavailableAnswer } from '../http/unavailable';
import { metrics } from '../metrics/registry';
import { routeLabel } from '../metrics/routes';
import { sessionConfig } from '../session/config';
import { openSession } from '../session/session';

/**
 * Page renders admitted at once (RENDERS_IN_FLIGHT, default 8; 0 admits all). A render is CPU on
 * the one JavaScript thread plus a few upstream calls, so a handful at once keep the thread busy;
 * more only interleave, each holding its tree and buffers until written, which is how 200
 * concurrent requests took the process past 1 GB (docs/performance.md, Soak).
 */
export function rendersInFlight(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.RENDERS_IN_FLIGHT ?? 8);
  return Number.isInteger(asked) && asked >= 0 ? asked : 8;
}

/**
 * The longest a page request may be expected to wait for its turn (ADMISSION_MAX_WAIT_MS, default
 * 500): one expected to wait longer is refused at once with 503 and Retry-After, rather than
 * queued into a time-out (docs/operations.md, "Overload"; the figures in docs/performance.md).
 */
export function maxWaitMs(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.ADMISSION_MAX_WAIT_MS ?? 500);
  return Number.isFinite(asked) && asked > 0 ? asked : 500;
}

/**
 * Whether a request is a page render (HTML or a client navigation's RSC payload). Route handlers
 * are not: an export streams for minutes, a gateway call is light, and neither may wait behind pages.
 */
export function isRender(request: Pick<IncomingMessage, 'method' | 'url'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // The path as Next.js routes it: `/api/%2e%2e/dashboard` is the dashboard, not a route handler.
  const path = new URL(request.url ?? '/', 'http://portal').pathname;
  return !path.startsWith('/api/') && !path.startsWith('/_next/') && !/\.[a-z0-9]+$/i.test(path);
}

/** Signed-in navigation goes ahead of anonymous pages (the sign-in page, a bot's crawl). */
export type Priority = 'signedIn' | 'anonymous';

/** What the gate needs of a response: to hear when it is over (written, or its client gone). */
type Admitted = { once(event: 'close', listener: () => void): unknown; getMaxListeners(): number; setMaxListeners(n: number): unknown };

export interface Entry {
  response: Admitted;
  /** The client left while the request waited. */
  gone: () => boolean;
  start: () => void;
  /** Answers 503 at once, with the wait the client should leave before trying again. */
  refuse: (retryAfterSeconds: number) => void;
  priority?: Priority;
}

/**
 * A render's time before it is measured, and how fast the measure follows new renders: at once
 * when renders slow down (a newcomer's wait is then underestimated, and it would wait too long),
 * slowly when they speed up again.
 */
const FIRST_GUESS_MS = 100;
const SLOWER = 0.5;
const FASTER = 0.1;

/**
 * First come, first served within a priority, signed-in first: at most `limit` admitted. A request
 * expected to wait more than `maxWait` (the renders ahead of it, a `limit` at a time, at the
 * measured time of a render, or what the last one to leave the line waited) is refused at once.
 * One let in is served: refusing it after its wait would make the refusal slow and waste the wait.
 * A request whose client left while waiting is dropped.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: Record<Priority, (Entry & { since: number })[]> = { signedIn: [], anonymous: [] };
  private renderMs = FIRST_GUESS_MS;
  /** How long the last request taken from the line had waited: the line's own measure of itself. */
  private lastWaitMs = 0;

  constructor(
    private readonly limit: number,
    private readonly maxWait = maxWaitMs(),
    private readonly now = () => performance.now(),
  ) {}

  /** How long a request arriving now with this priority is expected to wait for its turn. */
  expectedWaitMs(priority: Priority): number {
    if (this.limit === 0 || this.running < this.limit) return 0;
    const ahead = this.waiting.signedIn.length + (priority === 'anonymous' ? this.waiting.anonymous.length : 0);
    const estimate = Math.ceil((ahead + 1) / this.limit) * this.renderMs;
    // After a burst the render time is known only once renders end: a line whose last leaver
    // waited longer than the estimate says is slower than the estimate.
    return ahead > 0 ? Math.max(estimate, this.lastWaitMs) : estimate;
  }

  enter(entry: Entry) {
    const priority = entry.priority ?? 'signedIn';
    if (this.limit === 0 || this.running < this.limit) return this.admit(entry);
    const wait = this.expectedWaitMs(priority);
    if (wait > this.maxWait) return this.shed(entry, priority, wait);
    this.waiting[priority].push({ ...entry, since: this.now() });
    this.report();
  }

  private shed(entry: Entry, priority: Priority, waitMs: number) {
    metrics().shed.inc({ priority });
    entry.refuse(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  private admit({ response, start }: Entry) {
    this.running += 1;
    this.report();
    const began = this.now();
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      this.running -= 1;
      const took = this.now() - began;
      this.renderMs += (took > this.renderMs ? SLOWER : FASTER) * (took - this.renderMs);
      this.next();
    };
    // Accounted for: a response Next proxies carries ten 'close' listeners of its own.
    response.setMaxListeners(response.getMaxListeners() + 1);
    response.once('close', leave);
    admittedRender().run(leave, start);
  }

  private next() {
    for (const priority of ['signedIn', 'anonymous'] as const) {
      for (let turn = this.waiting[priority].shift(); turn; turn = this.waiting[priority].shift()) {
        if (turn.gone()) continue;
        this.lastWaitMs = this.now() - turn.since;
        return this.admit(turn);
      }
    }
    this.report();
  }

  private report() {
    metrics().rendersInFlight.set(this.running);
    metrics().rendersWaiting.set(this.waiting.signedIn.length + this.waiting.anonymous.length);
  }
}

const GATE = Symbol.for('portal.renderGate');
const ADMITTED = Symbol.for('portal.renderGate.admitted');

/**
 * The admitted render's way out, in the async context of its handling. One per process: the proxy
 * is bundled apart from the instrumentation that installs the gate.
 */
function admittedRender(): AsyncLocalStorage<() => void> {
  const global = globalThis as { [ADMITTED]?: AsyncLocalStorage<() => void> };
  global[ADMITTED] ??= new AsyncLocalStorage();
  return global[ADMITTED];
}

/**
 * Gives up the current request's place before it is written. The proxy calls it when it rewrites a
 * page to another one: Next may fetch a rewrite over HTTP from this same server (when the URL's
 * host is not the one it listens on), and that inner request must not wait behind the outer one,
 * which does no rendering of its own and would hold its place until the inner one is done.
 */
export function leaveRenderGate() {
  admittedRender().getStore()?.();
}

/** Signed in when the request carries a session cookie that opens (revocation is the page's to check). */
async function priorityOf(request: IncomingMessage): Promise<Priority> {
  const { cookieName } = sessionConfig();
  const sealed = new RegExp(`(?:^|;\\s*)${cookieName}=([^;]+)`).exec(request.headers.cookie ?? '')?.[1];
  if (!sealed) return 'anonymous';
  return (await openSession(sealed, Date.now(), { checkRevocation: false })).session ? 'signedIn' : 'anonymous';
}

/** The 503 of a shed page, written before Next.js sees the request. */
function refusal(request: IncomingMessage, response: ServerResponse) {
  return (retryAfterSeconds: number) => {
    const answer = unavailableAnswer('overloaded', { cookie: request.headers.cookie ?? null, acceptLanguage: request.headers['accept-language'] ?? null, document: true }, retryAfterSeconds);
    response.writeHead(answer.status, { ...answer.headers, connection: 'close' });
    response.end(answer.body);
  };
}

/** Every request's duration, by route pattern, method and status, when its response is over. */
function observe(request: IncomingMessage, response: ServerResponse) {
  const began = performance.now();
  // Accounted for, as the gate's own listener is.
  response.setMaxListeners(response.getMaxListeners() + 1);
  response.once('close', () => {
    metrics().httpRequest.observe({ route: routeLabel(request.url), method: request.method ?? 'GET', status: String(response.statusCode) }, (performance.now() - began) / 1000);
  });
}

/**
 * Puts every HTTP server of this process behind one gate for page renders, and measures every
 * request. Next's standalone server cannot be wrapped (a custom server and standalone output
 * exclude each other), so both sit where each request enters: the server's 'request' event.
 */
export function gateRenders(limit = rendersInFlight()) {
  const global = globalThis as { [GATE]?: RenderGate };
  if (global[GATE]) return;
  const gate = new RenderGate(limit);
  global[GATE] = gate;
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function gatedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [request, response] = args as [IncomingMessage, ServerResponse];
    observe(request, response);
    if (limit === 0 || !isRender(request)) return emit.call(this, event, ...args);
    // A cookie that cannot be read at all waits as an anonymous page would.
    void priorityOf(request)
      .catch((): Priority => 'anonymous')
      .then((priority) => gate.enter({ response, priority, gone: () => request.socket.destroyed, start: () => emit.call(this, event, ...args), refuse: refusal(request, response) }));
    return true;
  } as Server['emit'];
}
