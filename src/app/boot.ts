import type { ChunkRecovery } from './chunk-recovery';
import { applyQueryToggles, landingStepRedirect } from './query-toggles';
import { matchRoute } from '../lib/paths';
import { reloadIfStale } from './stale-reload';

/**
 * Rules that run once, before the app renders. Returns false when the browser is being sent
 * elsewhere (a reload or another URL), in which case nothing should render.
 */

export interface BootDeps {
  href: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Loads another URL (location.replace): a reload without the consumed query. */
  replaceLocation: (url: string) => void;
  reload: () => void;
  /** Changes the URL without loading (history.replaceState), before the router starts. */
  replaceHistory: (path: string) => void;
  chunkRecovery: ChunkRecovery;
  now?: () => number;
}

export function runBootRules(deps: BootDeps): boolean {
  const url = new URL(deps.href);

  const toggled = safely(() => applyQueryToggles(url, deps.storage), null);
  if (toggled) {
    deps.replaceLocation(toggled);
    return false;
  }

  const match = matchRoute(url.pathname);
  const stepTarget = landingStepRedirect(url, match.known && match.name === 'Landing');
  if (stepTarget) {
    deps.replaceLocation(stepTarget);
    return false;
  }

  if (reloadIfStale({ storage: deps.storage, reload: deps.reload, now: deps.now })) return false;

  const resume = deps.chunkRecovery.resumeTarget();
  if (resume && resume !== url.pathname + url.search + url.hash) deps.replaceHistory(resume);
  return true;
}

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback; // storage unavailable
  }
}
