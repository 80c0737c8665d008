import { EventEmitter } from 'node:events';
import { isRender, leaveRenderGate, rendersInFlight as limitOf, RenderGate } from '../../../lib/server/render-gate';

/** A response that closes when told, and a record of which requests were started. */
function harness(limit: number) {
  const gate = new RenderGate(limit);
  const started: string[] = [];
  const responses = new Map<string, EventEmitter>();
  const left = new Set<string>();
  const request = (name: string) => {
    const response = new EventEmitter();
    responses.set(name, response);
    gate.enter(response, () => left.has(name), () => started.push(name));
  };
  const close = (name: string) => responses.get(name)?.emit('close');
  return { started, request, close, leave: (name: string) => left.add(name) };
}

describe('the render gate', () => {
  it('admits up to the limit and the next waiting request when one closes, in arrival order', () => {
    const { started, request, close } = harness(2);
    ['a', 'b', 'c', 'd'].forEach(request);
    expect(started).toEqual(['a', 'b']);
    close('b');
    expect(started).toEqual(['a', 'b', 'c']);
    close('a');
    close('c');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops a waiting request whose client has left', () => {
    const { started, request, close, leave } = harness(1);
    ['a', 'b', 'c'].forEach(request);
    leave('b');
    close('a');
    expect(started).toEqual(['a', 'c']);
  });

  it('lets an admitted request give up its place before it is written (a rewrite fetched from this same server), once', async () => {
    const gate = new RenderGate(1);
    const started: string[] = [];
    const first = new EventEmitter();
    let gaveUp!: Promise<void>;
    gate.enter(first, () => false, () => {
      started.push('a');
      // Later in the same request's handling, as the proxy decides a rewrite.
      gaveUp = new Promise((resolve) => setImmediate(() => resolve(leaveRenderGate())));
    });
    gate.enter(new EventEmitter(), () => false, () => started.push('b'));
    gate.enter(new EventEmitter(), () => false, () => started.push('c'));
    expect(started).toEqual(['a']);
    await gaveUp;
    expect(started).toEqual(['a', 'b']);
    // Its own end later frees no second place.
    first.emit('close');
    expect(started).toEqual(['a', 'b']);
    // Outside an admitted request it does nothing.
    leaveRenderGate();
    expect(started).toEqual(['a', 'b']);
  });

  it('admits everything with a limit of 0', () => {
    const { started, request } = harness(0);
    ['a', 'b', 'c'].forEach(request);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('gates page renders and client navigations, not route handlers, assets or posts', () => {
    const render = (method: string, url: string) => isRender({ method, url });
    expect(render('GET', '/dashboard/dashboard')).toBe(true);
    expect(render('GET', '/transaction/transactions?_rsc=1x2y')).toBe(true);
    expect(render('HEAD', '/login')).toBe(true);
    expect(render('GET', '/api/export/transactions?format=csv')).toBe(false);
    expect(render('POST', '/api/gateway/customerInfo')).toBe(false);
    expect(render('GET', '/_next/static/chunks/main.js')).toBe(false);
    expect(render('GET', '/icon.svg')).toBe(false);
    expect(render('POST', '/dashboard/dashboard')).toBe(false);
  });

  it('takes its limit from RENDERS_IN_FLIGHT, 8 when unset or not a whole number', () => {
    const rendersInFlight = (env: Record<string, string>) => limitOf(env as NodeJS.ProcessEnv);
    expect(rendersInFlight({})).toBe(8);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: '3' })).toBe(3);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: '0' })).toBe(0);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: '-1' })).toBe(8);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: 'many' })).toBe(8);
  });
});
