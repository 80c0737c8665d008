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

// antd's forms schedule work through MessageChannel and measure with ResizeObserver; jsdom has
// neither. Node's MessageChannel is the real thing; nothing is laid out in jsdom, so a
// ResizeObserver that never fires is what a real one would do here.
if (typeof globalThis.MessageChannel === 'undefined') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- node's own, only in jsdom tests
  globalThis.MessageChannel = require('node:worker_threads').MessageChannel;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
