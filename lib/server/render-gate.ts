import { AsyncLocalStorage } from 'node:async_hooks';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Page renders admitted at once (RENDERS_IN_FLIGHT, default 8; 0 admits all). A render is CPU on
 * the one JavaScript thread plus a few upstream calls, so a handful at once keep the thread busy;
 * more only interleave, each holding its tree and buffers until written, which is how 200
 * concurrent requests took the process past 1 GB (docs/performance.md, Soak). Requests beyond
 * the limit wait their turn before any work is done for them.
 */
export function rendersInFlight(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.RENDERS_IN_FLIGHT ?? 8);
  return Number.isInteger(asked) && asked >= 0 ? asked : 8;
}

/**
 * Whether a request is a page render (HTML or a client navigation's RSC payload). Route handlers
 * are not: an export streams for minutes, a gateway call is light, and neither may wait behind pages.
 */
export function isRender(request: Pick<IncomingMessage, 'method' | 'url'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  return !path.startsWith('/api/') && !path.startsWith('/_next/') && !/\.[a-z0-9]+$/i.test(path);
}

/** What the gate needs of a response: to hear when it is over (written, or its client gone). */
type Admitted = { once(event: 'close', listener: () => void): unknown; getMaxListeners(): number; setMaxListeners(n: number): unknown };
type Waiting = { response: Admitted; gone: () => boolean; start: () => void };

/** First come, first served: at most `limit` admitted; a request whose client left while waiting is dropped. */
export class RenderGate {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(private readonly limit: number) {}

  enter(response: Admitted, gone: () => boolean, start: () => void) {
    if (this.limit === 0 || this.running < this.limit) this.admit({ response, gone, start });
    else this.waiting.push({ response, gone, start });
  }

  private admit({ response, start }: Waiting) {
    this.running += 1;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      this.running -= 1;
      this.next();
    };
    // Accounted for: a response Next proxies carries ten 'close' listeners of its own.
    response.setMaxListeners(response.getMaxListeners() + 1);
    response.once('close', leave);
    admittedRender().run(leave, start);
  }

  private next() {
    for (let turn = this.waiting.shift(); turn; turn = this.waiting.shift()) {
      if (!turn.gone()) return this.admit(turn);
    }
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

/**
 * Puts every HTTP server of this process behind one gate for page renders. Next's standalone server
 * cannot be wrapped (a custom server and standalone output exclude each other), so the gate sits
 * where each request enters: the server's 'request' event.
 */
export function gateRenders(limit = rendersInFlight()) {
  const global = globalThis as { [GATE]?: RenderGate };
  if (global[GATE] || limit === 0) return;
  const gate = new RenderGate(limit);
  global[GATE] = gate;
  const emit = Server.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function gatedEmit(this: Server, event: string | symbol, ...args: unknown[]) {
    const [request, response] = args as [IncomingMessage, ServerResponse];
    if (event !== 'request' || !isRender(request)) return emit.call(this, event, ...args);
    gate.enter(response, () => request.socket.destroyed, () => emit.call(this, event, ...args));
    return true;
  } as Server['emit'];
}
