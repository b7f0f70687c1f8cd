import type { ComponentType } from 'react';
import type * as ContentScreens from './screens/content-screens';
import type * as PartnerPages from '../features/partner/pages/partner-pages';
import type * as EarnTermsScreens from './screens/earn-terms-screens';
import { ensureNamespaces, type LazyNamespace } from '../i18n/lazy-namespaces';
import { paths, ROUTE_NAMES, type AppPath, type RouteName } from '../lib/paths';
import { prefetchWalletCode, prefetchWalletCodeWhenIdle } from '../web3/prefetch-wallet-code';
import { afterFirstContentfulPaint } from './first-paint';
import { WALLET_NAMESPACES } from './route-preloads';

/**
 * The app's route table: the path table (`src/lib/paths.ts`: names, paths, param and access
 * rules, hrefs) plus what only the app needs: each built route's screen (a lazy chunk with its
 * translations and, where a wallet panel shows, the wallet code) and its shell flags.
 *
 * A route without `screen` is known (guards, backTo, links) but not built yet: entering it
 * redirects to Landing after the login guard ran, so nothing pretends to exist.
 */

/** A lazily loaded screen (default export, no props: it reads its params from the router). */
export type LazyScreen = () => Promise<{ default: ComponentType }>;

interface RouteView {
  screen?: LazyScreen;
  /** Navigation bar and footer hidden (Maintain, MaintainPremium, special event, partner). */
  hideNav?: boolean;
  /** Footer hidden (also on Questionnaire). */
  hideFooter?: boolean;
  /** Partner wallet variant: no navigation bar, no language switcher. */
  partner?: boolean;
  /** Some nav bar items are hidden here (Register, Login, KYC, subscribeStrategy, Questionnaire). */
  compactNav?: boolean;
}

/**
 * When a screen uses the wallet code (wagmi, viem, RainbowKit; never in the first load):
 * 'with-screen' fetches it alongside the screen's chunk (a wallet panel shows at once: Account,
 * the loyalty program); 'idle' after the page's first contentful paint, when the browser is
 * idle (the wallet is one press away:
 * wallet sign-in, deposit from the wallet, the store's payment, linking a wallet).
 */
type WalletCode = 'with-screen' | 'idle';

/** A screen loader that also brings the screen's translations (not in the first load). */
function withNamespaces<T>(
  namespaces: readonly LazyNamespace[],
  load: () => Promise<T>,
  walletCode?: WalletCode,
) {
  return () => {
    if (walletCode === 'with-screen') void prefetchWalletCode().catch(() => undefined);
    const screen = Promise.all([ensureNamespaces(namespaces), load()]).then(([, loaded]) => loaded);
    if (walletCode === 'idle') {
      // after the page's first paint (not when the chunk has loaded: the first paint may still
      // be waiting for the network, and the wallet code would compete with it)
      void screen.then(
        () => afterFirstContentfulPaint(prefetchWalletCodeWhenIdle),
        () => undefined,
      );
    }
    return screen;
  };
}

/** An earn terms page (earn-terms-screens.tsx) with the earn translations. */
function earnTermsScreen(name: keyof typeof EarnTermsScreens): LazyScreen {
  return withNamespaces(['earn'], () =>
    import('./screens/earn-terms-screens').then((module) => ({ default: module[name] })),
  );
}

/** A content page (content-screens.tsx: About Us, Press, Events, a post) with its translations. */
function contentScreen(name: keyof typeof ContentScreens): LazyScreen {
  return withNamespaces(['content'], () =>
    import('./screens/content-screens').then((module) => ({ default: module[name] })),
  );
}

/** A partner (Coolbitx) page (features/partner/pages/partner-pages.tsx) with its translations. */
function partnerScreen(
  name: keyof Pick<typeof PartnerPages, 'CoolbitxPage' | 'PartnerEntryPage' | 'PartnerInfoPage'>,
): LazyScreen {
  return withNamespaces(['partner'], () =>
    import('../features/partner/pages/partner-pages').then((module) => ({ default: module[name] })),
  );
}

const VIEWS: Partial<Record<RouteName, RouteView>> = {
  Landing: {
    screen: () => import('./screens/landing-screen'),
  },
  Login: {
    screen: withNamespaces(
      ['auth', 'security'],
      () => import('../features/auth/pages/login-page'),
      'idle',
    ),
    compactNav: true,
  },
  Register: {
    screen: withNamespaces(['auth'], () => import('../features/auth/pages/register-page')),
    compactNav: true,
  },
  ForgotPwd: {
    screen: withNamespaces(['auth'], () => import('../features/auth/pages/forgot-password-page')),
  },
  ResetPwd: {
    screen: withNamespaces(['auth'], () => import('../features/auth/pages/reset-password-page')),
  },
  AuthorizeLoginDevice: {
    screen: withNamespaces(
      ['auth'],
      () => import('../features/auth/pages/authorize-login-device-page'),
    ),
  },
  ConfirmWalletLogin: {
    screen: withNamespaces(
      ['auth'],
      () => import('../features/auth/pages/confirm-wallet-login-page'),
    ),
  },
  Bcnt: {
    screen: withNamespaces(
      ['store', 'tx'],
      () => import('../features/store/pages/bcnt-page'),
      'idle',
    ),
  },
  PrivacyPolicy: {
    screen: () =>
      import('./screens/legal-screens').then((module) => ({ default: module.PrivacyPolicyScreen })),
  },
  UserAgreement: {
    screen: () =>
      import('./screens/legal-screens').then((module) => ({ default: module.UserAgreementScreen })),
  },
  AboutUs: { screen: contentScreen('AboutUsScreen') },
  Press: { screen: contentScreen('PressScreen') },
  PressPost: { screen: contentScreen('PressPostScreen') },
  Events: { screen: contentScreen('EventsScreen') },
  EventPost: { screen: contentScreen('EventPostScreen') },
  SearchResult: {
    screen: withNamespaces(['search', 'earn'], () => import('./screens/search-result-screen')),
  },
  Wallet: {
    // the page preloads this chunk and these namespaces (route-preloads.ts)
    screen: withNamespaces(WALLET_NAMESPACES, () => import('./screens/wallet-screen'), 'idle'),
  },
  WalletManagement: {
    screen: withNamespaces(
      ['withdraw'],
      () => import('../features/withdraw/pages/address-management-page'),
    ),
  },
  Account: {
    screen: withNamespaces(
      ['account', 'alliance', 'loyalty', 'tx'],
      () => import('./screens/account-screen'),
      'with-screen',
    ),
  },
  UpdatePassword: {
    screen: withNamespaces(
      ['security'],
      () => import('../features/security/pages/change-password-page'),
    ),
  },
  EditUserName: {
    screen: withNamespaces(
      ['security'],
      () => import('../features/security/pages/edit-username-page'),
    ),
  },
  Referrals: {
    screen: withNamespaces(['account'], () => import('./screens/referrals-screen')),
  },
  Security: {
    screen: withNamespaces(
      ['security', 'withdraw'],
      () => import('./screens/security-screen'),
      'idle',
    ),
  },
  ApiKeys: {
    screen: withNamespaces(['security'], () => import('../features/security/pages/api-keys-page')),
  },
  Kyc: {
    screen: withNamespaces(['kyc'], () => import('../features/kyc/pages/kyc-page')),
    compactNav: true,
  },
  Questionnaire: {
    screen: withNamespaces(
      ['questionnaire'],
      () => import('../features/questionnaire/pages/questionnaire-page'),
    ),
    hideFooter: true,
    compactNav: true,
  },
  LoyaltyProgram: {
    screen: withNamespaces(
      ['loyalty', 'tx'],
      () => import('../features/loyalty/pages/loyalty-program-page'),
      'with-screen',
    ),
  },
  LoyaltyProgramMobile: {
    screen: withNamespaces(
      ['loyalty', 'tx'],
      () => import('../features/loyalty/pages/loyalty-program-page'),
      'with-screen',
    ),
  },
  ReferralProgram: {
    screen: withNamespaces(['programs'], () => import('./screens/referral-program-screen')),
  },
  ReferralProgramMobile: {
    screen: withNamespaces(['programs'], () => import('./screens/referral-program-screen')),
  },
  PremiumDashboard: {
    screen: withNamespaces(['earn'], () => import('../features/earn/pages/premium-dashboard-page')),
  },
  PremiumDetail: {
    // portfolio: the subscription's link to its detail in My Subscriptions
    screen: withNamespaces(
      ['earn', 'portfolio', 'questionnaire'],
      () => import('../features/earn/pages/premium-detail-page'),
    ),
  },
  MyStrategies: {
    screen: withNamespaces(
      ['earn', 'portfolio', 'autotrade', 'lending', 'binfi', 'tx'],
      () => import('./screens/portfolio-screen'),
    ),
  },
  MyPremiumDetail: {
    screen: withNamespaces(
      ['earn', 'portfolio'],
      () => import('../features/earn/pages/my-premium-detail-page'),
    ),
  },
  PremiumHistoryDetail: {
    screen: withNamespaces(
      ['earn', 'portfolio'],
      () => import('../features/earn/pages/my-premium-history-page'),
    ),
  },
  SubscriptionHistory: {
    screen: withNamespaces(
      ['earn', 'portfolio'],
      () => import('../features/earn/pages/my-subscription-history-page'),
    ),
  },
  EarnHistory: {
    screen: withNamespaces(
      ['earn', 'portfolio'],
      () => import('../features/earn/pages/my-earn-event-page'),
    ),
  },
  XSavingHistory: {
    screen: withNamespaces(
      ['earn', 'portfolio'],
      () => import('../features/earn/pages/x-saving-history-page'),
    ),
  },
  PremiumTermsOfService: {
    screen: earnTermsScreen('ProductTermsScreen'),
  },
  PremiumTermsOfServiceMobile: {
    screen: earnTermsScreen('ProductTermsScreen'),
  },
  TermsEarnFixedUsdt: {
    screen: earnTermsScreen('FixedUsdtTermsScreen'),
  },
  TermsEarnFixedBtc: {
    screen: earnTermsScreen('FixedBtcTermsScreen'),
  },
  TermsEarnMixedFusion: {
    screen: earnTermsScreen('MixedFusionTermsScreen'),
  },
  TermsEarnMixedSapphire: {
    screen: earnTermsScreen('MixedSapphireTermsScreen'),
  },
  // Outside production only: there the condition is a constant and the chunk is not emitted.
  DevContracts: {
    screen:
      import.meta.env.VITE_APP_ENV === 'production'
        ? undefined
        : withNamespaces(['tx'], () => import('../features/dev-tools/pages/dev-contracts-page')),
  },
  Maintain: {
    screen: () => import('./maintain-screen'),
    hideNav: true,
  },
  MaintainPremium: {
    hideNav: true,
  },
  StrategyDashboard: {
    screen: withNamespaces(
      ['autotrade'],
      () => import('../features/autotrade/pages/strategy-dashboard-page'),
    ),
  },
  StrategyDetail: {
    screen: withNamespaces(
      ['autotrade'],
      () => import('../features/autotrade/pages/strategy-detail-page'),
    ),
  },
  SubscribeStrategy: {
    screen: withNamespaces(
      ['autotrade', 'questionnaire'],
      () => import('../features/autotrade/pages/subscribe-page'),
    ),
    compactNav: true,
  },
  MyStrategiesDetail: {
    // tx: the on-chain margin's transaction progress
    screen: withNamespaces(
      ['autotrade', 'tx'],
      () => import('../features/autotrade/pages/my-strategy-detail-page'),
    ),
  },
  BinFiDashboard: {
    screen: withNamespaces(['binfi'], () => import('../features/binfi/pages/binfi-dashboard-page')),
  },
  BinFiGalaxyDashboard: {
    screen: withNamespaces(
      ['binfi'],
      () => import('../features/binfi/pages/binfi-galaxy-dashboard-page'),
    ),
  },
  BinFiDetail: {
    // tx: the wallet's approve and order progress
    screen: withNamespaces(
      ['binfi', 'tx'],
      () => import('../features/binfi/pages/binfi-detail-page'),
      'idle',
    ),
  },
  BinFiMyFund: {
    screen: withNamespaces(
      ['binfi', 'tx'],
      () => import('../features/binfi/pages/binfi-my-fund-page'),
      'idle',
    ),
  },
  BinFiHistory: {
    screen: withNamespaces(['binfi'], () => import('../features/binfi/pages/binfi-history-page')),
  },
  BinFiGalaxyHistory: {
    screen: withNamespaces(
      ['binfi'],
      () => import('../features/binfi/pages/binfi-galaxy-history-page'),
    ),
  },
  LendingBotDashboard: {
    screen: withNamespaces(
      ['lending'],
      () => import('../features/lending/pages/lending-dashboard-page'),
    ),
  },
  LendingDetail: {
    screen: withNamespaces(
      ['lending'],
      () => import('../features/lending/pages/lending-detail-page'),
    ),
  },
  LendingTermService: {
    screen: withNamespaces(
      ['lending'],
      () => import('../features/lending/pages/lending-terms-page'),
    ),
  },
  Event: {
    screen: withNamespaces(['programs'], () => import('./screens/campaign-screen')),
    hideNav: true,
  },
  LimitEvent: {
    screen: withNamespaces(['programs'], () => import('./screens/campaign-screen')),
  },
  RakutenEvent: {
    screen: withNamespaces(['programs'], () => import('./screens/rakuten-event-screen')),
  },
  AnueLanding: {
    // the landing namespace is loaded with the app (the Landing screen's)
    screen: () => import('../features/landing/pages/anue-landing-page'),
  },
  Coolbitx: {
    screen: partnerScreen('CoolbitxPage'),
    hideNav: true,
    partner: true,
  },
  CoolbitxReferral: {
    hideNav: true,
    partner: true,
  },
  CoolbitxReferralEntry: {
    screen: partnerScreen('PartnerEntryPage'),
    hideNav: true,
    partner: true,
  },
  CoolbitxReferralInfo: {
    screen: partnerScreen('PartnerInfoPage'),
    hideNav: true,
    partner: true,
  },
  CoolbitxReferralSignUp: {
    screen: withNamespaces(['partner', 'auth'], () => import('./screens/partner-sign-up-screen')),
    hideNav: true,
    partner: true,
  },
};

export interface AppRoute<N extends RouteName = RouteName> extends AppPath<N> {
  hideNav: boolean;
  hideFooter: boolean;
  partner: boolean;
  compactNav: boolean;
  screen: LazyScreen | undefined;
}

function defineRoute<N extends RouteName>(name: N): AppRoute<N> {
  const view: RouteView = VIEWS[name] ?? {};
  return {
    ...paths[name],
    hideNav: view.hideNav ?? false,
    hideFooter: view.hideFooter ?? view.hideNav ?? false,
    partner: view.partner ?? false,
    compactNav: view.compactNav ?? false,
    screen: view.screen,
  };
}

export const routes = Object.fromEntries(ROUTE_NAMES.map((name) => [name, defineRoute(name)])) as {
  [N in RouteName]: AppRoute<N>;
};
