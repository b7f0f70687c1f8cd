import { webcrypto } from 'node:crypto';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom run in a VM context (the isolated project's pool) has no Web Crypto of its own: give it
// Node's, as a browser has one
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  // files share a worker's environment (vitest.config.ts): a test's fake timers end with it
  vi.useRealTimers();
});
