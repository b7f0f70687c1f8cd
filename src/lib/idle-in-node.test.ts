// @vitest-environment node
import { afterEach, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

afterEach(() => vi.useRealTimers());

it('whenIdle never runs outside a browser (the build renders pages in Node)', () => {
  vi.useFakeTimers();
  const run = vi.fn();
  expect(() => whenIdle(run)()).not.toThrow();
  vi.advanceTimersByTime(2000);
  expect(run).not.toHaveBeenCalled();
});
