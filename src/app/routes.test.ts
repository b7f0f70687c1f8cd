import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES } from '../lib/paths';
import { routes } from './routes';

describe('route table', () => {
  it('has screens only where they exist', () => {
    const withScreens = ROUTE_NAMES.filter((name) => routes[name].screen);
    expect(withScreens.sort()).toEqual([
      'AboutUs',
      'Account',
      'AnueLanding',
      'ApiKeys',
      'AuthorizeLoginDevice',
      'Bcnt',
      'BinFiDashboard',
      'BinFiDetail',
      'BinFiGalaxyDashboard',
      'BinFiGalaxyHistory',
      'BinFiHistory',
      'BinFiMyFund',
      'ConfirmWalletLogin',
      'Coolbitx',
      'CoolbitxReferralEntry',
      'CoolbitxReferralInfo',
      'CoolbitxReferralSignUp',
      'DevContracts',
      'EarnHistory',
      'EditUserName',
      'Event',
      'EventPost',
      'Events',
      'ForgotPwd',
      'Kyc',
      'Landing',
      'LendingBotDashboard',
      'LendingDetail',
      'LendingTermService',
      'LimitEvent',
      'Login',
      'LoyaltyProgram',
      'LoyaltyProgramMobile',
      'Maintain',
      'MyPremiumDetail',
      'MyStrategies',
      'MyStrategiesDetail',
      'PremiumDashboard',
      'PremiumDetail',
      'PremiumHistoryDetail',
      'PremiumTermsOfService',
      'PremiumTermsOfServiceMobile',
      'Press',
      'PressPost',
      'PrivacyPolicy',
      'Questionnaire',
      'RakutenEvent',
      'ReferralProgram',
      'ReferralProgramMobile',
      'Referrals',
      'Register',
      'ResetPwd',
      'SearchResult',
      'Security',
      'StrategyDashboard',
      'StrategyDetail',
      'SubscribeStrategy',
      'SubscriptionHistory',
      'TermsEarnFixedBtc',
      'TermsEarnFixedUsdt',
      'TermsEarnMixedFusion',
      'TermsEarnMixedSapphire',
      'UpdatePassword',
      'UserAgreement',
      'Wallet',
      'WalletManagement',
      'XSavingHistory',
    ]);
  });

  it('keeps every path of the path table and its shell flags', () => {
    expect(Object.keys(routes).sort()).toEqual([...ROUTE_NAMES].sort());
    expect(routes.Wallet.getHref(undefined, { tab: 'deposit' })).toBe('/wallet?tab=deposit');
    expect(routes.Maintain.hideNav && routes.Maintain.hideFooter).toBe(true);
    expect(routes.Questionnaire.hideFooter && !routes.Questionnaire.hideNav).toBe(true);
    expect(routes.Coolbitx.partner).toBe(true);
    expect(routes.Login.compactNav && !routes.Account.compactNav).toBe(true);
  });
});
