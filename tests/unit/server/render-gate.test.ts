import { EventEmitter } from 'node:events';
import { isRender, leaveRenderGate, maxWaitMs as waitOf, rendersInFlight as limitOf, RenderGate, type Priority } from '../../../lib/server/render-gate';

/**
 * A response that closes when told, a record of which requests were started and which refused
 * (with their Retry-After), and a clock the test moves.
 */
function harness(limit: number, maxWait = 1000) {
  let clock = 0;
  const gate = new RenderGate(limit, maxWait, () => clock);
  const started: string[] = [];
  const refused: [string, number][] = [];
  const responses = new Map<string, EventEmitter>();
  const left = new Set<string>();
  const request = (name: string, priority: Priority = 'signedIn') => {
    const response = new EventEmitter();
    responses.set(name, response);
    gate.enter({ response, priority, gone: () => left.has(name), start: () => started.push(name), refuse: (seconds) => refused.push([name, seconds]) });
  };
  const close = (name: string) => responses.get(name)?.emit('close');
  return { gate, started, refused, request, close, leave: (name: string) => left.add(name), tick: (ms: number) => (clock += ms) };
}

describe('the render gate', () => {
  it('admits up to the limit and the next waiting request when one closes, in arrival order', () => {
    const { started, request, close } = harness(2);
    ['a', 'b', 'c', 'd'].forEach((name) => request(name));
    expect(started).toEqual(['a', 'b']);
    close('b');
    expect(started).toEqual(['a', 'b', 'c']);
    close('a');
    close('c');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops a waiting request whose client has left', () => {
    const { started, request, close, leave } = harness(1);
    ['a', 'b', 'c'].forEach((name) => request(name));
    leave('b');
    close('a');
    expect(started).toEqual(['a', 'c']);
  });

  it('lets an admitted request give up its place before it is written (a rewrite fetched from this same server), once', async () => {
    const gate = new RenderGate(1);
    const started: string[] = [];
    const first = new EventEmitter();
    let gaveUp!: Promise<void>;
    const refuse = () => started.push('refused');
    gate.enter({
      response: first,
      gone: () => false,
      refuse,
      start: () => {
        started.push('a');
        // Later in the same request's handling, as the proxy decides a rewrite.
        gaveUp = new Promise((resolve) => setImmediate(() => resolve(leaveRenderGate())));
      },
    });
    gate.enter({ response: new EventEmitter(), gone: () => false, refuse, start: () => started.push('b') });
    gate.enter({ response: new EventEmitter(), gone: () => false, refuse, start: () => started.push('c') });
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
    ['a', 'b', 'c'].forEach((name) => request(name));
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
    // A path made to look like a route handler's is read as Next.js routes it.
    expect(render('GET', '/api/%2e%2e/dashboard/dashboard')).toBe(true);
    expect(render('GET', '/_next/../login')).toBe(true);
    expect(render('GET', '/api/gateway/../../transaction/transactions')).toBe(true);
  });

  it('takes its limit from RENDERS_IN_FLIGHT, 8 when unset or not a whole number', () => {
    const rendersInFlight = (env: Record<string, string>) => limitOf(env as NodeJS.ProcessEnv);
    expect(rendersInFlight({})).toBe(8);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: '3' })).toBe(3);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: '0' })).toBe(0);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: '-1' })).toBe(8);
    expect(rendersInFlight({ RENDERS_IN_FLIGHT: 'many' })).toBe(8);
  });

  it('takes its longest expected wait from ADMISSION_MAX_WAIT_MS, 500 ms when unset or nonsense', () => {
    const maxWait = (env: Record<string, string>) => waitOf(env as NodeJS.ProcessEnv);
    expect(maxWait({})).toBe(500);
    expect(maxWait({ ADMISSION_MAX_WAIT_MS: '250' })).toBe(250);
    expect(maxWait({ ADMISSION_MAX_WAIT_MS: '0' })).toBe(500);
    expect(maxWait({ ADMISSION_MAX_WAIT_MS: 'soon' })).toBe(500);
  });
});

describe('admission under overload', () => {
  it('refuses at once a request expected to wait longer than the bound, telling when to come back', () => {
    // Two at a time, renders measured at 100 ms at first, a bound of 250 ms: four may wait (two rounds).
    const { started, refused, request } = harness(2, 250);
    ['a', 'b', 'c', 'd', 'e', 'f', 'g'].forEach((name) => request(name));
    expect(started).toEqual(['a', 'b']);
    expect(refused).toEqual([['g', 1]]);
  });

  it('measures renders as they end: slower renders shorten the line', () => {
    const { gate, started, refused, request, close, tick } = harness(1, 1000);
    request('a');
    tick(900);
    close('a');
    // a took 900 ms, so the measure moved at once from 100 to 500 ms: with b running, two may wait (at 100 ms ten would).
    ['b', 'c', 'd', 'e', 'f'].forEach((name) => request(name));
    expect(started).toEqual(['a', 'b']);
    expect(refused.map(([name]) => name)).toEqual(['e', 'f']);
    // Faster renders bring it down slowly: after two instant ones (d now running) it is still about 400 ms.
    for (const name of ['b', 'c']) close(name);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.expectedWaitMs('signedIn')).toBeCloseTo(405, 0);
  });

  it('serves signed-in navigation before anonymous pages, and sheds anonymous ones first', () => {
    const { started, refused, request, close } = harness(1, 250);
    request('running');
    request('anonymous-1', 'anonymous');
    request('anonymous-2', 'anonymous');
    request('signed-in', 'signedIn');
    // The anonymous line is full (two renders of 100 ms ahead of a third); a signed-in request still fits ahead of it.
    request('anonymous-3', 'anonymous');
    expect(refused.map(([name]) => name)).toEqual(['anonymous-3']);
    close('running');
    expect(started).toEqual(['running', 'signed-in']);
    close('signed-in');
    close('anonymous-1');
    expect(started).toEqual(['running', 'signed-in', 'anonymous-1', 'anonymous-2']);
  });

  it('believes the line over the estimate when its last leaver waited longer than the estimate says', () => {
    const { gate, started, request, close, tick } = harness(1, 1000);
    ['a', 'b', 'c', 'd', 'e', 'f'].forEach((name) => request(name));
    for (const name of ['a', 'b', 'c', 'd']) {
      tick(100);
      close(name);
    }
    // e waited 400 ms for its turn; with f waiting, renders of 100 ms alone would say 200 ms.
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(gate.expectedWaitMs('signedIn')).toBe(400);
  });

  it('serves a request it let in, however long its wait turned out', () => {
    const { started, refused, request, close, tick } = harness(1, 200);
    request('a');
    request('b');
    tick(500);
    close('a');
    expect(started).toEqual(['a', 'b']);
    expect(refused).toEqual([]);
  });
});
