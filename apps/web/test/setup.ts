import '@testing-library/jest-dom/jest-globals';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, jest } from '@jest/globals';
import i18n from '../src/i18n/i18n';
import { NAMESPACES } from '../src/locales/languages';
import { pt } from '../src/locales/pt.resources';
import { mediaQueryMatches, setViewportWidth } from './viewport';

// The app fetches the Portuguese namespaces beyond the first screen's as a chunk (i18n/i18n.ts);
// components rendered on their own in a test get them at once.
for (const namespace of NAMESPACES) i18n.addResourceBundle('pt', namespace, pt[namespace], true, true);

/** Pages are lazy chunks behind guards: give them time to appear on a busy machine. */
configure({ asyncUtilTimeout: 4000 });
// A test that renders a whole page with antd selects (ticket dialogs) took over 30 s on the 2-core
// machine while another Jest run shared it: the bound is for a busy machine, not the expected time.
jest.setTimeout(60_000);

/**
 * Browser APIs jsdom lacks that antd reads. Media queries answer for the width test/viewport.ts
 * sets (1440 px unless a test says otherwise); the colour scheme is light.
 */
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: mediaQueryMatches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;
/** jsdom does not compute pseudo-element styles (antd measures the scrollbar with one). */
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

/**
 * MessageChannel (antd's form batches with it) on timers: Node's own ports would keep the test
 * worker alive after the tests.
 */
class TimerMessagePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  other: TimerMessagePort | null = null;
  postMessage(data: unknown): void {
    const target = this.other;
    setTimeout(() => target?.onmessage?.({ data }), 0);
  }
  start(): void {}
  close(): void {}
}
class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
}
/** jsdom lays nothing out, so there is never a size change to report. */
class StillResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: StillResizeObserver });
}
if (typeof globalThis.MessageChannel === 'undefined') {
  Object.defineProperty(globalThis, 'MessageChannel', { configurable: true, value: TimerMessageChannel });
}
Element.prototype.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  setViewportWidth(1440);
  window.localStorage.clear();
});

/** The API origin of the tests; nothing listens there: tests answer calls with test/fake-api.ts. */
window.ATRIUM_CONFIG = { apiUrl: 'http://api.test' };

/** No network in component tests: sockets stay "connecting" and never open. */
class OfflineWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  constructor(readonly url: string) {
    super();
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
Object.defineProperty(window, 'WebSocket', { configurable: true, value: OfflineWebSocket });
