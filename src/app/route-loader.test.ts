import { describe, expect, it, vi } from 'vitest';
import { decideRouteEntry, type RouteEntryDeps } from './route-loader';
import type { RouteName } from '../lib/paths';

function deps(overrides: Partial<RouteEntryDeps> = {}): RouteEntryDeps {
  return {
    hasToken: () => false,
    maintenanceShown: () => false,
    production: false,
    fetchKycStatus: vi.fn(async () => ({ selfUserKYCStatus: 4 })),
    ...overrides,
  };
}

const entry = (
  name: RouteName,
  path: string,
  params: Record<string, string> = {},
  hasScreen?: boolean,
) => ({
  name,
  params,
  url: new URL(path, 'http://app.test'),
  hasScreen,
});

describe('route entry rules', () => {
  it('renders a built public route', async () => {
    expect(await decideRouteEntry(entry('Landing', '/'), deps())).toEqual({ kind: 'render' });
  });

  it('sends a guarded route without a token to Login with back (and id for the portfolio detail)', async () => {
    expect(await decideRouteEntry(entry('Wallet', '/wallet'), deps())).toEqual({
      kind: 'redirect',
      to: '/login?back=Wallet',
    });
    expect(
      await decideRouteEntry(
        entry('MyStrategiesDetail', '/portfolio/autotrade/8', { id: '8' }),
        deps(),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/login?back=MyStrategiesDetail&id=8',
    });
  });

  it('sends a logged-in member on a route without a screen to Landing', async () => {
    const result = await decideRouteEntry(
      entry('MyEarnDetail', '/portfolio/earn/5/1', { id: '5', type: '1' }),
      deps({ hasToken: () => true }),
    );
    expect(result).toEqual({ kind: 'redirect', to: '/' });
  });

  it('treats a broken param rule as an unknown path, before the login guard', async () => {
    const result = await decideRouteEntry(
      entry('StrategyDetail', '/trading-bot/x', { id: 'x' }),
      deps(),
    );
    expect(result).toEqual({ kind: 'redirect', to: '/' });
  });

  it('hides test-only routes in production', async () => {
    const d = deps({ hasToken: () => true, production: true });
    expect(await decideRouteEntry(entry('Preferences', '/preferences', {}, true), d)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    const dev = deps({ hasToken: () => true });
    expect(await decideRouteEntry(entry('Preferences', '/preferences', {}, true), dev)).toEqual({
      kind: 'render',
    });
  });

  it('follows an alias route with its query', async () => {
    expect(
      await decideRouteEntry(entry('CoolbitxReferral', '/coolbitx/referral?refer=abc'), deps()),
    ).toEqual({
      kind: 'redirect',
      to: '/coolbitx/referral/entry?refer=abc',
    });
  });

  it('fetches the KYC status on a gated route and sends an unverified member to Account', async () => {
    const fetchKycStatus = vi.fn(async () => ({ selfUserKYCStatus: 2 }));
    const result = await decideRouteEntry(
      entry('MyStrategies', '/portfolio?tab=earn', {}, true),
      deps({ hasToken: () => true, fetchKycStatus }),
    );
    expect(fetchKycStatus).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ kind: 'redirect', to: '/account' });
  });

  it('lets a verified member in, and one whose status call failed', async () => {
    const verified = deps({
      hasToken: () => true,
      fetchKycStatus: async () => ({ selfUserKYCStatus: 4 }),
    });
    expect(
      await decideRouteEntry(
        entry('SubscriptionHistory', '/subscription-history', {}, true),
        verified,
      ),
    ).toEqual({
      kind: 'render',
    });
    const failed = deps({ hasToken: () => true, fetchKycStatus: async () => null });
    expect(
      await decideRouteEntry(entry('XSavingHistory', '/x-saving-history', {}, true), failed),
    ).toEqual({
      kind: 'render',
    });
  });

  it('does not fetch the KYC status for visitors (they go to Login) or on other routes', async () => {
    const fetchKycStatus = vi.fn(async () => ({ selfUserKYCStatus: 0 }));
    expect(
      await decideRouteEntry(
        entry('MyStrategies', '/portfolio', {}, true),
        deps({ fetchKycStatus }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/login?back=MyStrategies',
    });
    await decideRouteEntry(
      entry('Wallet', '/wallet', {}, true),
      deps({ hasToken: () => true, fetchKycStatus }),
    );
    expect(fetchKycStatus).not.toHaveBeenCalled();
  });

  it('renders everything as-is while maintenance is shown (the shell shows the maintenance page)', async () => {
    const fetchKycStatus = vi.fn();
    const result = await decideRouteEntry(
      entry('Wallet', '/wallet'),
      deps({ maintenanceShown: () => true, fetchKycStatus }),
    );
    expect(result).toEqual({ kind: 'render' });
    expect(fetchKycStatus).not.toHaveBeenCalled();
  });
});
