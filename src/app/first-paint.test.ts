import { describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from './first-paint';

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A PerformanceObserver whose paint entries the test delivers. */
function fakeObserver() {
  const observers: { callback: Callback; disconnected: boolean }[] = [];
  class Observer {
    static supportedEntryTypes = ['paint'];
    entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const paint = (name: string) => {
    for (const observer of observers)
      if (!observer.disconnected)
        observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  };
  return { Observer: Observer as unknown as typeof PerformanceObserver, paint };
}

const performanceWith = (names: string[]) =>
  ({
    getEntriesByName: (name: string) => (names.includes(name) ? [{ name }] : []),
  }) as unknown as Performance;

describe('afterFirstContentfulPaint', () => {
  it('waits for the first contentful paint, then runs once', () => {
    const { Observer, paint } = fakeObserver();
    const run = vi.fn();
    afterFirstContentfulPaint(run, {
      performance: performanceWith([]),
      PerformanceObserver: Observer,
    });
    paint('first-paint');
    expect(run).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    paint('first-contentful-paint');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the page has painted already or the browser cannot tell', () => {
    const { Observer } = fakeObserver();
    const painted = vi.fn();
    afterFirstContentfulPaint(painted, {
      performance: performanceWith(['first-contentful-paint']),
      PerformanceObserver: Observer,
    });
    expect(painted).toHaveBeenCalledTimes(1);
    const unsupported = vi.fn();
    afterFirstContentfulPaint(unsupported, { performance: performanceWith([]) });
    expect(unsupported).toHaveBeenCalledTimes(1);
  });
});
