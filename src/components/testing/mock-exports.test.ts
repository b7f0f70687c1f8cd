import { describe, expect, it, vi } from 'vitest';
import * as idle from '../../lib/idle';
import { mockExports } from './mock-exports';

const original = idle.whenIdle;

describe('mockExports', () => {
  describe('in the suite that calls it', () => {
    const replacement = vi.fn(() => () => undefined);
    mockExports(idle, { whenIdle: replacement });

    it('replaces the export for its callers', () => {
      expect(idle.whenIdle).toBe(replacement);
      idle.whenIdle(() => undefined);
      expect(replacement).toHaveBeenCalledTimes(1);
    });
  });

  it('puts the export back after that suite', () => {
    expect(idle.whenIdle).toBe(original);
  });

  it('refuses a name the module does not export', () => {
    expect(() => mockExports(idle, { notThere: vi.fn() } as never)).toThrow(/no export notThere/);
  });
});
