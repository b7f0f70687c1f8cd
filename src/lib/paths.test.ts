import { describe, expect, it } from 'vitest';
import {
  buildPath,
  EARN_SETTINGS,
  hrefTo,
  isRouteName,
  matchRoute,
  ROUTE_NAMES,
  routePatterns,
  paths,
  type RouteName,
} from './paths';

/** A value every param rule accepts. */
function sampleValue(name: RouteName, key: string): string {
  const rule = paths[name].params[key];
  if (rule && 'oneOf' in rule) return rule.oneOf[0]!;
  if (rule && 'pattern' in rule) {
    for (const candidate of ['42', 'fixed', 'USDT-034R', 'supply'])
      if (rule.pattern.test(candidate)) return candidate;
    throw new Error(`no sample for ${name}.${key}`);
  }
  return key === 'mobile' ? 'mobile' : key === 'lang' ? 'en' : `${key}-1`;
}

function paramKeys(path: string) {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => ({ key: segment.replace(/^:|\?$/g, ''), optional: segment.endsWith('?') }));
}

function sampleParams(name: RouteName, withOptional: boolean): Record<string, string> {
  const params: Record<string, string> = {};
  for (const { key, optional } of paramKeys(paths[name].path)) {
    if (!optional || withOptional) params[key] = sampleValue(name, key);
  }
  return params;
}

describe('path table', () => {
  it('holds the named routes of both spec documents', () => {
    const expected: RouteName[] = [
      'Landing',
      'Login',
      'Register',
      'ForgotPwd',
      'ResetPwd',
      'AuthorizeLoginDevice',
      'Redirect',
      'AboutUs',
      'Press',
      'Events',
      'Bcnt',
      'PrivacyPolicy',
      'UserAgreement',
      'TermsAutotrade',
      'LendingTermService',
      'Wallet',
      'WalletManagement',
      'Account',
      'UpdatePassword',
      'EditUserName',
      'ApiKeys',
      'Referrals',
      'Security',
      'Kyc',
      'SearchResult',
      'Questionnaire',
      'LoyaltyProgram',
      'LoyaltyProgramMobile',
      'StrategyDetail',
      'MyStrategies',
      'MyStrategiesDetail',
      'PremiumDashboard',
      'PremiumDetail',
      'MyPremiumDetail',
      'PremiumHistoryDetail',
      'SubscriptionHistory',
      'XSavingHistory',
      'BinFiGalaxyDashboard',
      'BinFiGalaxyHistory',
      'BinFiDashboard',
      'BinFiDetail',
      'BinFiMyFund',
      'BinFiHistory',
      'LendingBotDashboard',
      'LendingDetail',
      'ReferralProgram',
      'ReferralProgramMobile',
      'Event',
      'LimitEvent',
      'RakutenEvent',
      'AnueLanding',
      'PremiumTermsOfService',
      'PremiumTermsOfServiceMobile',
      'Coolbitx',
      'Maintain',
      'MaintainPremium',
      'Playground',
      'Preferences',
    ];
    for (const name of expected) expect(ROUTE_NAMES, name).toContain(name);
  });

  it('has the spec paths', () => {
    expect(hrefTo('Login', undefined, { back: 'Wallet' })).toBe('/login?back=Wallet');
    expect(hrefTo('WalletManagement', { currency: 'USDT' })).toBe('/wallet/management/USDT');
    expect(hrefTo('PrivacyPolicy')).toBe('/privacy-policy');
    expect(hrefTo('PrivacyPolicy', { mobile: 'mobile' })).toBe('/privacy-policy/mobile');
    expect(hrefTo('LoyaltyProgramMobile', { mobile: 'mobile', lang: 'zh-TW' })).toBe(
      '/loyalty-program/mobile/zh-TW',
    );
    expect(hrefTo('StrategyDetail', { id: 12 })).toBe('/trading-bot/12');
    expect(hrefTo('SubscribeStrategy', { id: 12 })).toBe('/trading-bot/12/subscribe');
    expect(hrefTo('MyStrategies', undefined, { tab: 'earn' })).toBe('/portfolio?tab=earn');
    expect(hrefTo('MyStrategiesDetail', { id: 1 })).toBe('/portfolio/autotrade/1');
    expect(hrefTo('PremiumDetail', { type: 'fixed-pro', sn: 'USDT-034R' })).toBe(
      '/fixed-pro/USDT-034R',
    );
    expect(hrefTo('MyPremiumDetail', { sn: 'USDT-034R', setting: 'auto-renew' })).toBe(
      '/portfolio/earn/USDT-034R/auto-renew',
    );
    expect(hrefTo('BinFiHistory', { id: 3, type: 'take' })).toBe('/bin-fi/history/3/take');
    expect(hrefTo('PremiumTermsOfService', { sn: 'USDT-034R' })).toBe('/terms-earn/USDT-034R');
    expect(hrefTo('Questionnaire', { step: 2 })).toBe('/risk-questionnaire/2');
    expect(hrefTo('Redirect', { item: 'a b' })).toBe('/redirect/a%20b');
  });

  it('every route has a public flag, and the public list is what visitors may open', () => {
    for (const name of ROUTE_NAMES) expect(typeof paths[name].public, name).toBe('boolean');
    expect(paths.Landing.public).toBe(true);
    expect(paths.Login.public).toBe(true);
    expect(paths.AboutUs.public).toBe(true);
    expect(paths.Wallet.public).toBe(false);
    expect(paths.Account.public).toBe(false);
    expect(paths.MyStrategiesDetail.public).toBe(false);
    // earn product pages are readable by visitors; the member's subscriptions are not
    expect(paths.PremiumDashboard.public).toBe(true);
    expect(paths.PremiumDetail.public).toBe(true);
    expect(paths.PremiumDetail.kycGate).toBe(false);
    expect(paths.MyPremiumDetail.public).toBe(false);
  });

  it("gates the spec's routes by the KYC status (PremiumDetail aside: it shows the prompt)", () => {
    expect(ROUTE_NAMES.filter((name) => paths[name].kycGate).sort()).toEqual(
      [
        'BinFiHistory',
        'LendingDetail',
        'MyStrategies',
        'SubscriptionHistory',
        'XSavingHistory',
      ].sort(),
    );
  });

  it('every path (with and without optional params) resolves to its own name', () => {
    for (const name of ROUTE_NAMES) {
      for (const withOptional of [false, true]) {
        const href = paths[name].getHref(sampleParams(name, withOptional) as never);
        const match = matchRoute(href);
        expect(match.known, `${href}`).toBe(true);
        expect(match.name, `${href}`).toBe(name);
      }
    }
  });

  it('returns the params, including those baked into static paths', () => {
    expect(matchRoute('/trading-bot/7')).toEqual({
      name: 'StrategyDetail',
      params: { id: '7' },
      known: true,
    });
    expect(matchRoute('/portfolio/earn/USDT-034R/asset-return')).toEqual({
      name: 'MyPremiumDetail',
      params: { sn: 'USDT-034R', setting: 'asset-return' },
      known: true,
    });
    expect(matchRoute('/portfolio/earn/12/3')).toEqual({
      name: 'MyEarnDetail',
      params: { id: '12', type: '3' },
      known: true,
    });
    expect(matchRoute('/terms-earn/fixed-usdt').name).toBe('TermsEarnFixedUsdt');
    expect(matchRoute('/terms-earn/mobile/USDT-034R')).toMatchObject({
      name: 'PremiumTermsOfService',
      params: { mobile: 'mobile', sn: 'USDT-034R' },
    });
  });

  it('sends unknown paths and broken param rules to Landing', () => {
    for (const path of [
      '/nope',
      '/wallet/extra/deep/path',
      '/trading-bot/abc',
      '/crypto/USDT-034R',
      '/fixed/not a serial',
      '/portfolio/earn/1/x/y',
    ]) {
      expect(matchRoute(path), path).toEqual({ name: 'Landing', params: {}, known: false });
    }
  });

  it('hides test-only routes in production', () => {
    expect(matchRoute('/preferences').name).toBe('Preferences');
    expect(matchRoute('/preferences', { production: true })).toMatchObject({
      name: 'Landing',
      known: false,
    });
  });

  it('expands oneOf params into static patterns', () => {
    const patterns = routePatterns().filter((pattern) => pattern.name === 'MyPremiumDetail');
    expect(patterns.map((pattern) => pattern.path).sort()).toEqual(
      [
        '/portfolio/earn/:sn',
        ...EARN_SETTINGS.map((setting) => `/portfolio/earn/:sn/${setting}`),
      ].sort(),
    );
    expect(new Set(routePatterns().map((pattern) => pattern.id)).size).toBe(routePatterns().length);
  });

  it('has unique paths and valid redirect targets', () => {
    const all = ROUTE_NAMES.map((name) => paths[name].path);
    expect(new Set(all).size).toBe(all.length);
    for (const name of ROUTE_NAMES) {
      const target = paths[name].redirectTo;
      if (target) expect(isRouteName(target), `${name} -> ${target}`).toBe(true);
    }
  });

  it('buildPath refuses a missing required param', () => {
    expect(() => buildPath('/trading-bot/:id', {})).toThrow(/id/);
    expect(buildPath('/', {})).toBe('/');
  });
});
