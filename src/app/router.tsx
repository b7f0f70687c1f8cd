import { useEffect, type ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  redirect,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { AppErrorBoundary } from './app-error-boundary';
import { decideRouteEntry, type RouteEntryDeps } from './route-loader';
import { routePatterns, type RouteName } from '../lib/paths';
import { routes, type LazyScreen } from './routes';

/**
 * React Router (data router, path history) built from the route table:
 *
 *   root (shell layout: maintenance page or nav + outlet + footer)
 *   └─ screens (error boundary inside the shell: chunk-load recovery, translated errors)
 *      ├─ one route per table pattern: loader = the entry rules (route-loader.ts),
 *      │  lazy = the screen's chunk, handle = { route, params }
 *      └─ '*' -> Landing
 */

/** `handle` of every table route; read it with useMatches(). */
export interface RouteHandle {
  route: RouteName;
  /** Params baked into the path (`oneOf` rules), e.g. MyPremiumDetail's `setting`. */
  params: Record<string, string>;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value && 'params' in value;
}

export interface AppRoutesOptions {
  entryDeps: RouteEntryDeps;
  Layout: ComponentType;
  HydrateFallback?: ComponentType;
  /** Runs after any screen rendered (chunk recovery completes). */
  onScreenRendered?: () => void;
  /** Tests: replace or remove (null) screens of the table. */
  screens?: Partial<Record<RouteName, LazyScreen | null>>;
}

/** Routes without a screen always redirect in their loader; this never shows. */
function NoScreen() {
  return null;
}

function ScreenHost({ Screen, onRendered }: { Screen: ComponentType; onRendered?: () => void }) {
  useEffect(() => {
    onRendered?.();
  }, [onRendered]);
  return <Screen />;
}

export function createAppRoutes(options: AppRoutesOptions): RouteObject[] {
  const screenOf = (name: RouteName): LazyScreen | undefined => {
    const override = options.screens?.[name];
    if (override === null) return undefined;
    return override ?? routes[name].screen;
  };

  const tableRoutes = routePatterns().map((pattern): RouteObject => {
    const screen = screenOf(pattern.name);
    const handle: RouteHandle = { route: pattern.name, params: pattern.fixedParams };
    return {
      id: pattern.id,
      path: pattern.path,
      handle,
      loader: async ({ request, params }) => {
        const decision = await decideRouteEntry(
          {
            name: pattern.name,
            params: { ...params, ...pattern.fixedParams },
            url: new URL(request.url),
            hasScreen: screen !== undefined,
          },
          options.entryDeps,
        );
        return decision.kind === 'redirect' ? redirect(decision.to) : null;
      },
      lazy: screen
        ? async () => {
            const { default: Screen } = await screen();
            return {
              Component: () => <ScreenHost Screen={Screen} onRendered={options.onScreenRendered} />,
            };
          }
        : undefined,
      Component: screen ? undefined : NoScreen,
    };
  });

  return [
    {
      id: 'root',
      Component: options.Layout,
      ErrorBoundary: AppErrorBoundary,
      HydrateFallback: options.HydrateFallback,
      children: [
        {
          id: 'screens',
          ErrorBoundary: AppErrorBoundary,
          children: [
            ...tableRoutes,
            {
              id: 'unknown',
              path: '*',
              loader: () => redirect(routes.Landing.getHref()),
              Component: NoScreen,
            },
          ],
        },
      ],
    },
  ];
}

/**
 * Readies the routes for hydrating a prerendered page at `pathname`: the matched routes' lazy
 * screens loaded into them (the router would otherwise render its fallback first) and the
 * loaders' data as the build's render had it (every entry rule said "render": null), so the
 * first render matches the markup and no loader runs again.
 */
export async function prepareHydration(
  routeObjects: RouteObject[],
  pathname: string,
): Promise<HydrationState> {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  const loaderData: Record<string, unknown> = {};
  for (const { route } of matches) if (route.loader && route.id) loaderData[route.id] = null;
  return { loaderData };
}

export function createAppRouter(
  options: AppRoutesOptions,
  init: { routes?: RouteObject[]; hydrationData?: HydrationState } = {},
) {
  return createBrowserRouter(init.routes ?? createAppRoutes(options), {
    hydrationData: init.hydrationData,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
