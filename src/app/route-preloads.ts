/**
 * Member routes whose screen the page starts fetching before the app's main bundle has run
 * (README, Decisions, "Route preloads"): the build (`scripts/lib/vite-route-preload.ts`) turns
 * this table into a small async script in `index.html` that, at one of these paths with a
 * session stored, adds `<link rel="modulepreload">` for the screen's chunk and the chunks it
 * imports, its stylesheets, the language's translations and the screen's translation
 * namespaces. Without it the main bundle had to download and run before it asked for the
 * screen, and the screen's namespaces waited for the language (three requests deep before any
 * API call). Plain data only: `vite.config.ts` imports this file.
 */

/**
 * The translation namespaces the wallet screen loads with its chunk (routes.ts): its page,
 * the Deposit tab (the default) and the wallet transactions' progress. The other tabs' panels
 * bring theirs (`WALLET_TAB_NAMESPACES`, wallet-screen.tsx).
 */
export const WALLET_NAMESPACES = ['custody', 'deposit', 'tx'] as const;
/** The namespaces of the wallet page's other tabs, loaded with their panels. */
export const WALLET_TAB_NAMESPACES = ['withdraw', 'convert'] as const;

export interface RoutePreload {
  /** The exact path (no params): `paths.ts`'s path of the route. */
  path: string;
  /** The screen module the route's loader imports, from the repository root. */
  screen: string;
  /** Its lazily loaded translation namespaces (`src/i18n/locales/<lng>/<ns>.json`). */
  namespaces: readonly string[];
}

export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  { path: '/wallet', screen: 'src/app/screens/wallet-screen.tsx', namespaces: WALLET_NAMESPACES },
];
