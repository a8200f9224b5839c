import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterShown, FALLBACK_MS, holdUntilPagePainted, markPagePainted, pagePainted, SHOWN_WAIT_MS, whenPagePainted } from './page-painted.ts';

afterEach(() => {
  markPagePainted();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the page-painted gate', () => {
  it('is open unless the entry holds it: nothing waits in a component rendered on its own', () => {
    expect(pagePainted()).toBe(true);
    const callback = vi.fn();
    whenPagePainted(callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('held, calls what waits once, when a layout marks the page painted, and stays open', () => {
    holdUntilPagePainted();
    const first = vi.fn();
    const cancelled = vi.fn();
    whenPagePainted(first);
    whenPagePainted(cancelled)();
    expect(pagePainted()).toBe(false);
    expect(first).not.toHaveBeenCalled();
    markPagePainted();
    markPagePainted();
    expect(first).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    expect(pagePainted()).toBe(true);
  });

  it('lets what waits go one per task, in order: together they were one long task after the LCP', async () => {
    holdUntilPagePainted();
    const order: string[] = [];
    whenPagePainted(() => order.push('side navigation'));
    whenPagePainted(() => order.push('widgets'));
    whenPagePainted(() => order.push('menus'));
    markPagePainted();
    expect(order).toEqual(['side navigation']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await vi.waitFor(() => expect(order).toEqual(['side navigation', 'widgets', 'menus']));
  });

  it('opens by itself FALLBACK_MS after it was held, when no layout marks it', () => {
    vi.useFakeTimers();
    holdUntilPagePainted();
    const callback = vi.fn();
    whenPagePainted(callback);
    vi.advanceTimersByTime(FALLBACK_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});

/** A PerformanceObserver that reports largest-contentful-paint entries when told to. */
function fakeLcpObserver() {
  const observers: ((entries: { startTime: number }[]) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    private readonly report: (entries: { startTime: number }[]) => void;
    constructor(callback: (list: { getEntries: () => { startTime: number }[] }) => void) {
      this.report = (entries) => callback({ getEntries: () => entries });
    }
    observe() {
      observers.push(this.report);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.report), 1);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { emit: (startTime: number) => [...observers].forEach((report) => report([{ startTime }])), count: () => observers.length };
}

describe('afterShown', () => {
  it('waits for a largest-contentful-paint entry painted after the render, not an earlier one (the shell’s)', () => {
    vi.useFakeTimers();
    const lcp = fakeLcpObserver();
    const callback = vi.fn();
    afterShown(100, callback);
    lcp.emit(60);
    expect(callback).not.toHaveBeenCalled();
    lcp.emit(140);
    expect(callback).toHaveBeenCalledTimes(1);
    // Done: it stops listening and its timer does nothing more.
    expect(lcp.count()).toBe(0);
    vi.advanceTimersByTime(SHOWN_WAIT_MS);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('without a new entry (the page paints nothing larger than the shell did), goes on SHOWN_WAIT_MS later', () => {
    vi.useFakeTimers();
    fakeLcpObserver();
    const callback = vi.fn();
    afterShown(100, callback);
    vi.advanceTimersByTime(SHOWN_WAIT_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("with `within`, waits for an entry whose element is inside it (the page's header, not the shell's breadcrumb)", () => {
    vi.useFakeTimers();
    const observers: ((entries: { startTime: number; element: Element | null }[]) => void)[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['largest-contentful-paint'];
        private readonly callback: (list: { getEntries: () => unknown[] }) => void;
        constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
          this.callback = callback;
        }
        observe() {
          observers.push((entries) => this.callback({ getEntries: () => entries }));
        }
        disconnect() {
          observers.length = 0;
        }
      },
    );
    const content = document.createElement('main');
    const header = content.appendChild(document.createElement('h1'));
    const breadcrumb = document.createElement('nav');
    const callback = vi.fn();
    afterShown(100, callback, () => content);
    observers.forEach((report) => report([{ startTime: 140, element: breadcrumb }]));
    observers.forEach((report) => report([{ startTime: 150, element: null }]));
    expect(callback).not.toHaveBeenCalled();
    observers.forEach((report) => report([{ startTime: 160, element: header }]));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('answers a cancel', () => {
    vi.useFakeTimers();
    const lcp = fakeLcpObserver();
    const callback = vi.fn();
    afterShown(100, callback)();
    lcp.emit(140);
    vi.advanceTimersByTime(SHOWN_WAIT_MS);
    expect(callback).not.toHaveBeenCalled();
  });
});
