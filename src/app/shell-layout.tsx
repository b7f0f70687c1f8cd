import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
} from 'react-router';
import { AppDownloadBanner } from '../components/app-download-banner';
import type { AppLinks } from '../components/app-download-rules';
import { Footer, type FooterLinks } from '../components/footer';
import { NavBar } from '../components/nav-bar';
import { NavSearch } from '../features/search/components/nav-search';
import type { NavItem } from '../components/nav-items';
import { ProgressBarMessage } from '../components/progress-bar-message';
import { SiteNotice } from '../components/site-notice';
import { useNavMenus } from '../components/use-nav-menus';
import { UserMenu } from '../components/user-menu';
import { VisuallyHidden } from '../components/visually-hidden';
import { ContactUsButton } from '../features/contact/components/contact-us-button';
import { CONTACT_US_PARAM, CONTACT_US_VALUE } from '../features/contact/hooks/use-contact-us-param';
import { MaintenancePage } from '../features/maintenance/pages/maintenance-page';
import { config } from '../lib/config';
import { queryKeys } from '../services/query-keys';
import { clearLoginInfo, getLoginInfo } from '../services/session';
import { loginInfoSnapshot, subscribeLoginInfo } from '../services/session-events';
import { LanguageSwitcher } from './language-switcher';
import { useMaintenanceStore } from './maintenance-store';
import { memberMenu, memberSummary, isKycVerified, type MemberSummary } from './member-menu';
import { LazyBoundary } from './lazy-boundary';
import { NavWallet } from './nav-wallet';
import { VisitorAuthLinks } from './visitor-auth-links';
import { isRouteHandle } from './router';
import type { RouteName } from '../lib/paths';
import { routes } from './routes';
import { hrefIfBuilt, shellChrome } from './shell-rules';
import styles from './shell-layout.module.css';

/**
 * The contact dialog (react-hook-form, zod resolver, Radix dialog) is loaded only when
 * `type=contact-us` is in the URL: the contact-us button just sets that query.
 */
const ContactUsHost = lazy(() =>
  import('../features/contact/components/contact-us-host').then((module) => ({
    default: module.ContactUsHost,
  })),
);

/**
 * The developer tools' link under the footer, outside production only: in a production build
 * the condition is a constant, so neither the link nor its chunk is there.
 */
const DevToolsLink =
  import.meta.env.VITE_APP_ENV === 'production'
    ? null
    : lazy(() => import('../features/dev-tools/dev-tools-link'));

/** The sign-in screens themselves: the bar does not offer Log in / Sign up there. */
const AUTH_SCREENS: ReadonlySet<RouteName> = new Set(['Login', 'Register']);

const VISITOR_WALLET_LINKS = {
  walletSignIn: routes.Login.getHref(undefined, { method: 'wallet' }),
  login: routes.Login.getHref(),
  signUp: routes.Register.getHref(),
};

/** The footer's links (screens that exist, configured sites) and support lines (config). */
const FOOTER_LINKS: FooterLinks = {
  aboutUs: hrefIfBuilt('AboutUs', () => routes.AboutUs.getHref()),
  press: hrefIfBuilt('Press', () => routes.Press.getHref()),
  blog: config.blogUrl,
  helpCenter: config.helpCenter,
  userAgreement: hrefIfBuilt('UserAgreement', () => routes.UserAgreement.getHref()),
  privacyPolicy: hrefIfBuilt('PrivacyPolicy', () => routes.PrivacyPolicy.getHref()),
};
const FOOTER_SUPPORT = { email: config.supportEmail, phone: config.supportPhone };

/** The mobile app is not published yet: no store links, so no download banner (UI kit rule). */
const APP_LINKS: AppLinks = {};
const HAS_APP_LINKS = Object.values(APP_LINKS).some(Boolean);

/** The current table route (name and params incl. those baked into the path). */
function useCurrentRoute(): { name: RouteName; params: Record<string, string | undefined> } {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index]!;
    if (isRouteHandle(match.handle))
      return { name: match.handle.route, params: { ...match.params, ...match.handle.params } };
  }
  return { name: 'Landing', params: {} };
}

/**
 * The shell: while maintenance is shown, the maintenance page replaces everything (no nav bar,
 * no footer). Otherwise: skip link, nav bar (menus, language switcher, wallet area, member or
 * visitor actions), site notice, progress-bar message, <main> with the route's screen, footer.
 */
export function ShellLayout() {
  const maintenanceShown = useMaintenanceStore((state) => state.shown);
  const maintenanceWindow = useMaintenanceStore((state) => state.window);
  if (maintenanceShown) {
    return (
      <MaintenancePage
        startTime={maintenanceWindow?.startTime}
        endTime={maintenanceWindow?.endTime}
      />
    );
  }
  return <Shell />;
}

function Shell() {
  const { t, i18n } = useTranslation('common');
  const location = useLocation();
  const navigation = useNavigation();
  const current = useCurrentRoute();
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const chrome = shellChrome(current.name, current.params, query);
  const member = useMember();
  /** Log in / Sign up (and the connected-wallet offer) for visitors, not on the sign-in screens. */
  const visitorActions = !member && !AUTH_SCREENS.has(current.name);
  const locale = i18n.language;

  useEffect(() => {
    document.title = t('app.name');
  }, [t]);

  const menus = useNavMenus({
    aboutUs: hrefIfBuilt('AboutUs', () => routes.AboutUs.getHref()),
    // the earn dashboard's filter tabs (the earn feature's `?tab=stable|mixed`)
    stableIncome: hrefIfBuilt('PremiumDashboard', () =>
      routes.PremiumDashboard.getHref(undefined, { tab: 'stable' }),
    ),
    mixedQuant: hrefIfBuilt('PremiumDashboard', () =>
      routes.PremiumDashboard.getHref(undefined, { tab: 'mixed' }),
    ),
    smartAutotrade: hrefIfBuilt('StrategyDashboard', () => routes.StrategyDashboard.getHref()),
    lendingBot: hrefIfBuilt('LendingBotDashboard', () => routes.LendingBotDashboard.getHref()),
    binfi: hrefIfBuilt('BinFiDashboard', () => routes.BinFiDashboard.getHref()),
    binfiGalaxy: hrefIfBuilt('BinFiGalaxyDashboard', () => routes.BinFiGalaxyDashboard.getHref()),
    loyaltyProgram: hrefIfBuilt('LoyaltyProgram', () => routes.LoyaltyProgram.getHref()),
    referralProgram: hrefIfBuilt('ReferralProgram', () => routes.ReferralProgram.getHref()),
    partnerProgram: hrefIfBuilt('CoolbitxReferralEntry', () =>
      routes.CoolbitxReferralEntry.getHref(),
    ),
    campaigns: hrefIfBuilt('Event', () => routes.Event.getHref()),
  });

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        {t('skipToContent')}
      </a>
      {chrome.nav ? (
        <NavBar
          pathname={location.pathname}
          homeHref={routes.Landing.getHref()}
          menus={menus}
          hideMenus={!chrome.navMenus}
          search={
            location.pathname === routes.SearchResult.getHref() ? undefined : (
              <NavSearch searchHref={routes.SearchResult.getHref()} />
            )
          }
          languageSwitcher={chrome.languageSwitcher ? <LanguageSwitcher /> : undefined}
          wallet={<NavWallet visitorLinks={visitorActions ? VISITOR_WALLET_LINKS : undefined} />}
          contactUs={member ? undefined : <ContactUsButton />}
          authLinks={visitorActions ? <VisitorAuthLinks /> : undefined}
          portfolio={
            member ? <PortfolioButton member={member} pathname={location.pathname} /> : undefined
          }
          userMenu={
            member ? <MemberMenu member={member} pathname={location.pathname} /> : undefined
          }
        />
      ) : null}
      {chrome.nav ? <SiteNotice locale={locale} /> : null}
      <ProgressBarMessage />
      {query.get(CONTACT_US_PARAM) === CONTACT_US_VALUE ? (
        <LazyBoundary fallback={null}>
          <Suspense fallback={null}>
            <ContactUsHost />
          </Suspense>
        </LazyBoundary>
      ) : null}
      <main
        id="main-content"
        tabIndex={-1}
        className={styles.main}
        aria-busy={navigation.state === 'loading' || undefined}
      >
        <Outlet />
      </main>
      {chrome.footer ? (
        <Footer
          locale={locale}
          isMember={Boolean(member)}
          links={FOOTER_LINKS}
          support={FOOTER_SUPPORT}
        />
      ) : null}
      {DevToolsLink && chrome.footer ? (
        <Suspense fallback={null}>
          <DevToolsLink />
        </Suspense>
      ) : null}
      {HAS_APP_LINKS && !chrome.webView ? (
        <AppDownloadBanner
          pathname={location.pathname}
          search={location.search}
          links={APP_LINKS}
        />
      ) : null}
      <ScrollRestoration />
    </div>
  );
}

/**
 * The member of the stored login info, kept current: re-read when a login or logout happens in
 * this tab (session-events) or in another one, and on every render (a cheap storage read).
 */
function useMember(): MemberSummary | null {
  const raw = useSyncExternalStore(subscribeLoginInfo, loginInfoSnapshot, () => null);
  return useMemo(() => (raw === null ? null : memberSummary(getLoginInfo())), [raw]);
}

/**
 * Data that is the same for everyone: reference lists (languages, currencies, countries),
 * settings, and the product catalogs as visitors read them.
 */
const PUBLIC_QUERY_ROOTS: readonly QueryKey[] = [
  queryKeys.common.all,
  queryKeys.setting.all,
  queryKeys.products.all,
];

function isPublicQuery(key: QueryKey): boolean {
  return PUBLIC_QUERY_ROOTS.some((root) => root.every((part, index) => key[index] === part));
}

/** Spec: on logout the client clears member, gateway, product, premium and KYC data. */
function clearMemberData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isPublicQuery(query.queryKey) });
  queryClient.getMutationCache().clear();
}

/**
 * Opens My Subscriptions (/portfolio?tab=earn); usable only when KYC is verified (spec section 6)
 * and the screen exists. Marked as the current page on /portfolio and below it.
 */
function PortfolioButton({ member, pathname }: { member: MemberSummary; pathname: string }) {
  const { t } = useTranslation('nav');
  const href = isKycVerified(member.roleId)
    ? hrefIfBuilt('MyStrategies', () => routes.MyStrategies.getHref(undefined, { tab: 'earn' }))
    : undefined;
  if (href) {
    const portfolioPath = routes.MyStrategies.path;
    const current = pathname === portfolioPath || pathname.startsWith(`${portfolioPath}/`);
    return (
      <Link
        className={styles.portfolio}
        to={href}
        aria-current={current ? 'page' : undefined}
        data-testid="nav-portfolio"
      >
        {t('portfolio')}
      </Link>
    );
  }
  return (
    <span className={styles.portfolioDisabled} aria-disabled="true" data-testid="nav-portfolio">
      {t('portfolio')}
      {!isKycVerified(member.roleId) ? (
        <VisuallyHidden>{` (${t('portfolio.needsKyc')})`}</VisuallyHidden>
      ) : null}
    </span>
  );
}

const MENU_LABEL_KEYS = {
  account: 'user.account',
  wallet: 'user.wallet',
  security: 'user.security',
  referrals: 'user.referrals',
  questionnaire: 'user.questionnaire',
  'api-keys': 'user.apiKeys',
  preferences: 'user.preferences',
} as const;

function MemberMenu({ member, pathname }: { member: MemberSummary; pathname: string }) {
  const { t } = useTranslation('nav');
  const queryClient = useQueryClient();
  const items: NavItem[] = memberMenu(member, { production: config.isProduction }).map((entry) => ({
    id: entry.id,
    label: t(MENU_LABEL_KEYS[entry.id as keyof typeof MENU_LABEL_KEYS]),
    href: entry.href,
  }));

  const navigate = useNavigate();
  const loggingOut = useRef(false);

  async function logout() {
    if (loggingOut.current) return;
    loggingOut.current = true;
    try {
      // Ends the session on the server (a failure is ignored), then forgets it here. Loaded on
      // use: the identity calls and their schemas are not part of the first load.
      const { logoutSession } = await import('../services/member-auth');
      await logoutSession();
    } catch {
      clearLoginInfo(); // the module did not load: forget the session anyway
    }
    await navigate(routes.Landing.getHref());
    clearMemberData(queryClient);
    loggingOut.current = false;
  }

  return (
    <UserMenu
      displayName={member.displayName}
      items={items}
      onLogout={() => void logout()}
      pathname={pathname}
    />
  );
}
