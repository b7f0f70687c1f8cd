import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs when the browser is idle, within 1 s, unless cancelled first', () => {
    const callbacks = new Map<number, () => void>();
    const requestIdleCallback = vi.fn((callback: () => void) => {
      callbacks.set(callbacks.size + 1, callback);
      return callbacks.size;
    });
    const cancelIdleCallback = vi.fn((id: number) => callbacks.delete(id));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const run = vi.fn();
    whenIdle(run);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 1000 });
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    expect(cancelIdleCallback).toHaveBeenCalledWith(2);
    for (const callback of callbacks.values()) callback();
    expect(run).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('waits 200 ms where there is no requestIdleCallback, and can be cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    const cancelled = vi.fn();
    whenIdle(run);
    whenIdle(cancelled)();
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
