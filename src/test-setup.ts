import { webcrypto } from 'node:crypto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom run in a VM context (the isolated project's pool) has no Web Crypto of its own: give it
// Node's, as a browser has one
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// Testing Library waits 1 s by default for findBy / waitFor: a lazily imported screen's first load
// takes longer than that when the machine is busy (seen in CI, where vitest shares two cores with
// the other lanes). The bound only ends a wait that would fail anyway; assertions are unchanged.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // files share a worker's environment (vitest.config.ts): a test's fake timers end with it
  vi.useRealTimers();
});
