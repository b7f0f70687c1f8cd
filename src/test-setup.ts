import { webcrypto } from 'node:crypto';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';

// jsdom run in a VM context (the isolated project's pool) has no Web Crypto of its own: give it
// Node's, as a browser has one
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// Testing Library waits 1 s by default for findBy / waitFor: a lazily imported screen's first load
// takes longer than that when the machine is busy (seen in CI, where vitest shares two cores with
// the other lanes). The bound only ends a wait that would fail anyway; assertions are unchanged.
configure({ asyncUtilTimeout: 5_000 });

/**
 * React's development warnings fail the test that caused them (a missing key, a state update
 * during another component's render, invalid nesting, an input switching between controlled and
 * uncontrolled, an update outside act). The e2e suite drives React's production build, which
 * prints none of them, so this is where they are caught. One is wagmi's, not ours: its
 * `Hydrate` connects the stored wallet during render (`onMount()` when not server-rendered), and
 * the components subscribed to the wallet update from there.
 */
const REACT_WARNING =
  /Each child in a list|Encountered two children with the same key|Cannot update a component|cannot be a (?:child|descendant) of|cannot contain a nested|is changing an? (?:un)?controlled|not wrapped in act\(|^Warning: /;
const WAGMI_HYDRATE = /while rendering a different component \(`Hydrate`\)/;
const reactWarnings: string[] = [];
const GUARDED = Symbol.for('bcnt.reactWarningGuard');
type GuardedConsole = typeof console & { [GUARDED]?: true };
// files share a worker's globals (vitest.config.ts): wrap console.error once per worker
if (!(console as GuardedConsole)[GUARDED]) {
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = format(...args);
    if (REACT_WARNING.test(text) && !WAGMI_HYDRATE.test(text)) reactWarnings.push(text);
    error(...args);
  };
  (console as GuardedConsole)[GUARDED] = true;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  // files share a worker's environment (vitest.config.ts): a test's fake timers end with it, and
  // so does a phone-sized window (jsdom's default is 1024 x 768; layouts read it on render)
  vi.useRealTimers();
  if (typeof window !== 'undefined' && (window.innerWidth !== 1024 || window.innerHeight !== 768)) {
    window.innerWidth = 1024;
    window.innerHeight = 768;
  }
  const warnings = reactWarnings.splice(0);
  expect(warnings, 'React printed no development warning').toEqual([]);
});
