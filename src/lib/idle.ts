/**
 * Runs `run` when the browser is next idle (after 1 s at the latest; 200 ms where there is no
 * `requestIdleCallback`). Answers a function that cancels it if it has not run yet. For fetches
 * that may wait (code and translations a screen will need soon). Outside a browser (the build's
 * prerender in Node) it never runs.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}
