/**
 * Runs `run` once the page has had its first contentful paint (at once when it already has, or
 * when the browser cannot tell). For fetches that must stay off a first load's critical path:
 * the wallet code's idle prefetch used to start when the screen's chunk had loaded, and the
 * browser was often idle then, waiting for the network, so its 160 KiB competed with the
 * screen's own requests before the first paint (in Lighthouse, a wallet page's LCP of 5.3 s
 * instead of 4.2 to 4.5 s).
 */
export function afterFirstContentfulPaint(
  run: () => void,
  env: { performance?: Performance; PerformanceObserver?: typeof PerformanceObserver } = globalThis,
): void {
  const Observer = env.PerformanceObserver;
  const painted = () =>
    (env.performance?.getEntriesByName?.('first-contentful-paint', 'paint').length ?? 0) > 0;
  if (!Observer || !Observer.supportedEntryTypes?.includes('paint') || painted()) {
    run();
    return;
  }
  const observer = new Observer((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
}
