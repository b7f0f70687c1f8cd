import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import {
  afterLoginHref,
  authGuard,
  backToHref,
  backToOnLoginEntry,
  kycGate,
  needsKycCheck,
  readBackTo,
  storeBackTo,
} from './guards';

const q = (search = '') => new URLSearchParams(search);

describe('login guard', () => {
  it('lets anyone into public routes', () => {
    expect(authGuard({ name: 'Landing', params: {} }, false)).toBeNull();
    expect(authGuard({ name: 'AboutUs', params: {} }, false)).toBeNull();
    expect(authGuard({ name: 'PrivacyPolicy', params: { mobile: 'mobile' } }, false)).toBeNull();
    // a visitor reads a strategy before deciding to subscribe
    expect(authGuard({ name: 'StrategyDetail', params: { id: '5' } }, false)).toBeNull();
  });

  it('replaces a non-public route without a token by Login with back = the route name', () => {
    expect(authGuard({ name: 'Wallet', params: {} }, false)).toBe('/login?back=Wallet');
    expect(authGuard({ name: 'SubscribeStrategy', params: { id: '5' } }, false)).toBe(
      '/login?back=SubscribeStrategy',
    );
  });

  it('adds id for the portfolio detail route only', () => {
    expect(authGuard({ name: 'MyStrategiesDetail', params: { id: '7' } }, false)).toBe(
      '/login?back=MyStrategiesDetail&id=7',
    );
  });

  it('lets a member with a token through', () => {
    expect(authGuard({ name: 'Wallet', params: {} }, true)).toBeNull();
  });
});

describe('backTo', () => {
  it('stores the previous route with id, type and sn', () => {
    expect(backToOnLoginEntry({ name: 'BinFiDetail', params: { id: '3', type: '2' } })).toEqual({
      name: 'BinFiDetail',
      params: { id: '3', type: '2' },
    });
    expect(
      backToOnLoginEntry({ name: 'PremiumDetail', params: { type: 'fixed', sn: 'USDT-034R' } }),
    ).toEqual({
      name: 'PremiumDetail',
      params: { type: 'fixed', sn: 'USDT-034R' },
    });
    expect(backToOnLoginEntry({ name: 'AboutUs', params: {} })).toEqual({ name: 'AboutUs' });
  });

  it('keeps only route params, not query values (type=contact-us opens a dialog)', () => {
    expect(
      backToOnLoginEntry({ name: 'Bcnt', params: {}, query: q('type=contact-us&tab=x') }),
    ).toEqual({
      name: 'Bcnt',
    });
  });

  it('stores nothing from Register, ResetPwd, AuthorizeLoginDevice, ForgotPwd or Login, or without a previous page', () => {
    for (const name of [
      'Register',
      'ResetPwd',
      'AuthorizeLoginDevice',
      'ForgotPwd',
      'Login',
    ] as const) {
      expect(backToOnLoginEntry({ name, params: {} }), name).toBeNull();
    }
    expect(backToOnLoginEntry(null)).toBeNull();
  });

  it('stores Account when coming from UpdatePassword', () => {
    expect(backToOnLoginEntry({ name: 'UpdatePassword', params: {} })).toEqual({ name: 'Account' });
  });

  it('round-trips through storage and rejects unknown route names', () => {
    const storage = createMemoryStorage();
    storeBackTo(storage, { name: 'StrategyDetail', params: { id: '9' } });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.backTo)!)).toEqual({
      name: 'StrategyDetail',
      params: { id: '9' },
    });
    expect(readBackTo(storage)).toEqual({ name: 'StrategyDetail', params: { id: '9' } });
    storage.setItem(STORAGE_KEYS.backTo, JSON.stringify({ name: 'NoSuchRoute' }));
    expect(readBackTo(storage)).toBeNull();
    storage.setItem(STORAGE_KEYS.backTo, '{broken');
    expect(readBackTo(storage)).toBeNull();
  });

  it('builds hrefs for stored targets, with the onboarding query', () => {
    expect(backToHref({ name: 'StrategyDetail', params: { id: '9' } })).toBe('/trading-bot/9');
    expect(backToHref({ name: 'Landing', query: { mode: 'new' } })).toBe('/?mode=new');
    expect(backToHref({ name: 'StrategyDetail', params: { id: 'abc' } })).toBeNull();
    expect(backToHref({ name: 'StrategyDetail' })).toBeNull();
  });

  it('after login: back query first (with id), then stored backTo, then Landing', () => {
    const stored = { name: 'Wallet' as const };
    expect(afterLoginHref(q('back=MyStrategiesDetail&id=4'), stored)).toBe(
      '/portfolio/autotrade/4',
    );
    expect(afterLoginHref(q('back=Security'), stored)).toBe('/security');
    expect(afterLoginHref(q('back=Bogus'), stored)).toBe('/wallet');
    expect(afterLoginHref(q(), null)).toBe('/');
    expect(afterLoginHref(q('back=Login'), { name: 'Login' })).toBe('/');
  });
});

describe('KYC gate', () => {
  it('applies to the listed routes for logged-in members only', () => {
    for (const name of [
      'LendingDetail',
      'MyStrategies',
      'SubscriptionHistory',
      'XSavingHistory',
      'BinFiHistory',
    ] as const) {
      expect(needsKycCheck(name, true), name).toBe(true);
      expect(needsKycCheck(name, false), name).toBe(false);
    }
    expect(needsKycCheck('Wallet', true)).toBe(false);
    expect(needsKycCheck('MyStrategiesDetail', true)).toBe(false);
    // product pages are readable without KYC: the page itself shows the KYC prompt at Join
    expect(needsKycCheck('PremiumDetail', true)).toBe(false);
  });

  it('sends a member whose selfUserKYCStatus is below 4 to Account', () => {
    expect(kycGate({ selfUserKYCStatus: 0 })).toBe('Account');
    expect(kycGate({ selfUserKYCStatus: 3 })).toBe('Account');
    expect(kycGate({ selfUserKYCStatus: 4 })).toBeNull();
    expect(kycGate({ selfUserKYCStatus: 5 })).toBeNull();
  });

  it('lets the member through when the status call failed (non-zero status or no answer)', () => {
    expect(kycGate(null)).toBeNull();
  });
});
