import '@testing-library/jest-dom';

// antd reads media queries for its responsive components; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// antd's forms and selects schedule work through MessageChannel and measure with ResizeObserver;
// jsdom has neither. Node's own MessageChannel keeps its ports open after the tests end, so jest
// never exits (CI timed out on it): this channel delivers each message on a later task, as a
// browser does, and holds nothing open. Nothing is laid out in jsdom, so a ResizeObserver that
// never fires is what a real one would do here.
type Listener = ((event: { data: unknown }) => void) | null;
class TaskPort {
  onmessage: Listener = null;
  peer: TaskPort | null = null;
  postMessage(data: unknown) {
    const target = this.peer;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  start() {}
  close() {
    this.onmessage = null;
  }
}
class TaskChannel {
  readonly port1 = new TaskPort();
  readonly port2 = new TaskPort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}
if (typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = TaskChannel as unknown as typeof MessageChannel;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom lays nothing out, so it has no scrolling: a component that brings an element into view does nothing here.
Element.prototype.scrollIntoView = function scrollIntoView() {};
