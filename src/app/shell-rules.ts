import type { RouteName } from '../lib/paths';
import { routes } from './routes';

/**
 * Which parts of the shell show on a route (spec section 2, shell rules):
 * - the nav bar is hidden on Maintain, MaintainPremium, the special event page and the partner
 *   wallet routes; the footer on those and on Questionnaire; both when the route carries a
 *   mobile param (an app web view);
 * - the language switcher shows except on the partner variant;
 * - the bar's menus are hidden on Register, Login, KYC, subscribeStrategy and Questionnaire, or
 *   when the `step` query is present and not `complete` / `complete-add`.
 */

export interface ShellChrome {
  nav: boolean;
  footer: boolean;
  languageSwitcher: boolean;
  navMenus: boolean;
  /** An in-app web view: no app-download banner either. */
  webView: boolean;
}

const COMPLETE_STEPS = ['complete', 'complete-add'];

export function shellChrome(
  name: RouteName,
  params: Readonly<Record<string, string | undefined>>,
  query: URLSearchParams,
): ShellChrome {
  const route = routes[name];
  const webView = Boolean(params.mobile);
  const step = query.get('step');
  const stepInProgress = step !== null && !COMPLETE_STEPS.includes(step);
  return {
    nav: !route.hideNav && !webView,
    footer: !route.hideFooter && !webView,
    languageSwitcher: !route.partner,
    navMenus: !route.compactNav && !stepInProgress,
    webView,
  };
}

/** The href of a route only when its screen exists (nothing links to unbuilt screens). */
export function hrefIfBuilt(name: RouteName, href: () => string): string | undefined {
  return routes[name].screen ? href() : undefined;
}
