import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, useMatches } from 'react-router';
import { mockExports } from '../components/testing/mock-exports';
import { initI18n } from '../i18n/i18n';
import { createChunkRecovery } from './chunk-recovery';
import type { RouteEntryDeps } from './route-loader';
import { createAppRoutes, isRouteHandle } from './router';
import * as runtime from './runtime';

const reload = vi.fn();
const recovery = createChunkRecovery({ storage: localStorage, reload });
mockExports(runtime, {
  chunkRecovery: () => recovery,
  reloadPage: reload,
  storage: () => localStorage,
});

function Layout() {
  return <Outlet />;
}

function screenNamed(label: string) {
  return async () => ({
    default: function Screen() {
      const location = useLocation();
      const matches = useMatches();
      const handle = matches.map((match) => match.handle).find(isRouteHandle);
      return (
        <p data-testid="screen">
          {label} {location.pathname + location.search}{' '}
          {handle ? JSON.stringify(handle.params) : ''}
        </p>
      );
    },
  });
}

function renderAt(path: string, deps: Partial<RouteEntryDeps> = {}, onScreenRendered = vi.fn()) {
  const routes = createAppRoutes({
    Layout,
    HydrateFallback: () => null,
    onScreenRendered,
    screens: {
      Landing: screenNamed('Landing'),
      Login: screenNamed('Login'),
      Account: screenNamed('Account'),
      MyStrategies: screenNamed('MyStrategies'),
      MyPremiumDetail: screenNamed('MyPremiumDetail'),
      StrategyDetail: screenNamed('StrategyDetail'),
      PremiumDashboard: screenNamed('PremiumDashboard'),
      PremiumDetail: screenNamed('PremiumDetail'),
    },
    entryDeps: {
      hasToken: () => false,
      maintenanceShown: () => false,
      production: false,
      fetchKycStatus: async () => ({ selfUserKYCStatus: 4 }),
      ...deps,
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('app router', () => {
  beforeAll(async () => {
    await initI18n('en-US');
  });

  it('renders Landing at /', async () => {
    const onScreenRendered = vi.fn();
    renderAt('/', {}, onScreenRendered);
    expect((await screen.findByTestId('screen')).textContent).toContain('Landing /');
    await waitFor(() => expect(onScreenRendered).toHaveBeenCalled());
  });

  it('sends an unknown path to Landing', async () => {
    const router = renderAt('/no/such/page');
    expect((await screen.findByTestId('screen')).textContent).toContain('Landing /');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a guarded path without a token to Login with back', async () => {
    const router = renderAt('/api-keys');
    expect((await screen.findByTestId('screen')).textContent).toContain(
      'Login /login?back=ApiKeys',
    );
    expect(router.state.location.search).toBe('?back=ApiKeys');
  });

  it('keeps id for the portfolio detail', async () => {
    renderAt('/portfolio/autotrade/5');
    expect((await screen.findByTestId('screen')).textContent).toContain(
      '/login?back=MyStrategiesDetail&id=5',
    );
  });

  it('sends a logged-in member to Landing where no screen exists yet', async () => {
    const router = renderAt('/portfolio/earn/5/1', { hasToken: () => true });
    await screen.findByTestId('screen');
    expect(router.state.location.pathname).toBe('/');
  });

  it('applies the KYC gate: unverified members go to Account', async () => {
    const fetchKycStatus = vi.fn(async () => ({ selfUserKYCStatus: 1 }));
    const router = renderAt('/portfolio?tab=earn', { hasToken: () => true, fetchKycStatus });
    expect((await screen.findByTestId('screen')).textContent).toContain('Account /account');
    expect(fetchKycStatus).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/account');
  });

  it('lets verified members through the KYC gate', async () => {
    renderAt('/portfolio?tab=earn', { hasToken: () => true });
    expect((await screen.findByTestId('screen')).textContent).toContain(
      'MyStrategies /portfolio?tab=earn',
    );
  });

  it('lets visitors read the earn dashboard and a product page', async () => {
    renderAt('/earn?tab=stable');
    expect((await screen.findByTestId('screen')).textContent).toContain(
      'PremiumDashboard /earn?tab=stable',
    );
  });

  it('opens a product page for a visitor without asking for a login or the KYC status', async () => {
    const fetchKycStatus = vi.fn(async () => ({ selfUserKYCStatus: 1 }));
    renderAt('/fixed/USDT-034R', { fetchKycStatus });
    expect((await screen.findByTestId('screen')).textContent).toContain(
      'PremiumDetail /fixed/USDT-034R',
    );
    expect(fetchKycStatus).not.toHaveBeenCalled();
  });

  it('does not send an unverified member away from a product page (the page shows the KYC prompt)', async () => {
    const fetchKycStatus = vi.fn(async () => ({ selfUserKYCStatus: 1 }));
    const router = renderAt('/fixed-pro/USDT-035R', { hasToken: () => true, fetchKycStatus });
    expect((await screen.findByTestId('screen')).textContent).toContain(
      'PremiumDetail /fixed-pro/USDT-035R',
    );
    expect(router.state.location.pathname).toBe('/fixed-pro/USDT-035R');
    expect(fetchKycStatus).not.toHaveBeenCalled();
  });

  it('exposes params baked into static paths through the route handle', async () => {
    renderAt('/portfolio/earn/USDT-034R/auto-renew', { hasToken: () => true });
    expect((await screen.findByTestId('screen')).textContent).toContain('{"setting":"auto-renew"}');
  });

  it('treats a non-numeric strategy id as unknown', async () => {
    const router = renderAt('/trading-bot/abc', { hasToken: () => true });
    await screen.findByTestId('screen');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the chunk recovery notice when a screen chunk fails to load', async () => {
    const routes = createAppRoutes({
      Layout,
      HydrateFallback: () => null,
      screens: {
        Landing: async () => {
          throw new TypeError('Failed to fetch dynamically imported module: /assets/landing.js');
        },
      },
      entryDeps: {
        hasToken: () => false,
        maintenanceShown: () => false,
        production: false,
        fetchKycStatus: async () => null,
      },
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/?x=1'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(screen.getByTestId('chunk-reloading')).toBeTruthy());
    expect(JSON.parse(localStorage.getItem('chunkReloadTarget')!)).toMatchObject({
      path: '/?x=1',
      resumed: false,
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
