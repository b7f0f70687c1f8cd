import { authGuard, kycGate, needsKycCheck } from './guards';
import { buildPath, paramsSatisfyRules, type RouteName } from '../lib/paths';
import { routes } from './routes';
import type { KycStatus } from './guards';

/**
 * What happens when a route is entered, in order:
 * 1. maintenance shown: render (the shell shows the maintenance page instead of every route);
 * 2. a param breaks its rule (e.g. a non-numeric strategy id) or a test-only route in
 *    production: the path is unknown -> Landing;
 * 3. an alias route (CoolbitxReferral) -> its target;
 * 4. no token outside the public list -> Login with `back` (and `id`);
 * 5. a KYC-gated route as a logged-in member -> fetch the KYC status; not verified -> Account;
 * 6. no screen built yet -> Landing;
 * 7. render.
 */

export type RouteDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

export interface RouteEntry {
  name: RouteName;
  params: Record<string, string | undefined>;
  url: URL;
  /** The route has a screen (default: the table's `screen`). */
  hasScreen?: boolean;
}

export interface RouteEntryDeps {
  hasToken: () => boolean;
  maintenanceShown: () => boolean;
  production: boolean;
  /** Resolves to null when the call failed. */
  fetchKycStatus: () => Promise<KycStatus | null>;
}

const toLanding = (): RouteDecision => ({ kind: 'redirect', to: routes.Landing.getHref() });

export async function decideRouteEntry(
  entry: RouteEntry,
  deps: RouteEntryDeps,
): Promise<RouteDecision> {
  if (deps.maintenanceShown()) return { kind: 'render' };
  const route = routes[entry.name];

  if (!paramsSatisfyRules(entry.name, entry.params)) return toLanding();
  if (route.testOnly && deps.production) return toLanding();

  if (route.redirectTo) {
    return {
      kind: 'redirect',
      to: buildPath(routes[route.redirectTo].path, entry.params) + entry.url.search,
    };
  }

  const hasToken = deps.hasToken();
  const login = authGuard(
    { name: entry.name, params: entry.params, query: entry.url.searchParams },
    hasToken,
  );
  if (login) return { kind: 'redirect', to: login };

  if (needsKycCheck(entry.name, hasToken)) {
    const gate = kycGate(await deps.fetchKycStatus());
    if (gate) return { kind: 'redirect', to: routes[gate].getHref() };
  }

  if (!(entry.hasScreen ?? Boolean(route.screen))) return toLanding();
  return { kind: 'render' };
}
