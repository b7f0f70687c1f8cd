import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // files share a worker's environment (vitest.config.ts): a test's fake timers end with it
  vi.useRealTimers();
});
