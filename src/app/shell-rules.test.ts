import { describe, expect, it } from 'vitest';
import { hrefIfBuilt, shellChrome } from './shell-rules';

const q = (search = '') => new URLSearchParams(search);

describe('shell chrome', () => {
  it('shows everything on ordinary routes', () => {
    expect(shellChrome('Landing', {}, q())).toEqual({
      nav: true,
      footer: true,
      languageSwitcher: true,
      navMenus: true,
      webView: false,
    });
  });

  it('hides nav and footer on Maintain, MaintainPremium, the special event page and partner routes', () => {
    for (const name of [
      'Maintain',
      'MaintainPremium',
      'Event',
      'Coolbitx',
      'CoolbitxReferralEntry',
    ] as const) {
      const chrome = shellChrome(name, {}, q());
      expect(chrome.nav, name).toBe(false);
      expect(chrome.footer, name).toBe(false);
    }
    expect(shellChrome('Coolbitx', {}, q()).languageSwitcher).toBe(false);
  });

  it('hides only the footer on Questionnaire', () => {
    const chrome = shellChrome('Questionnaire', {}, q());
    expect(chrome.nav).toBe(true);
    expect(chrome.footer).toBe(false);
  });

  it('hides both when the route carries a mobile param', () => {
    const chrome = shellChrome('PrivacyPolicy', { mobile: 'mobile' }, q());
    expect(chrome).toMatchObject({ nav: false, footer: false, webView: true });
    expect(shellChrome('PrivacyPolicy', {}, q())).toMatchObject({ nav: true, footer: true });
  });

  it('hides the bar menus on Register, Login, KYC, subscribeStrategy and Questionnaire, or during a step', () => {
    for (const name of [
      'Register',
      'Login',
      'Kyc',
      'SubscribeStrategy',
      'Questionnaire',
    ] as const) {
      expect(shellChrome(name, {}, q()).navMenus, name).toBe(false);
    }
    expect(shellChrome('Wallet', {}, q('step=2')).navMenus).toBe(false);
    expect(shellChrome('Wallet', {}, q('step=complete')).navMenus).toBe(true);
    expect(shellChrome('Wallet', {}, q('step=complete-add')).navMenus).toBe(true);
  });

  it('links only to built screens', () => {
    expect(hrefIfBuilt('Landing', () => '/')).toBe('/');
    expect(hrefIfBuilt('MyEarnDetail', () => '/portfolio/earn/1/stable')).toBeUndefined();
  });
});
