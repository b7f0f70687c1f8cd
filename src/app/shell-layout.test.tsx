import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { MAINTENANCE_FLAG_YES } from '../services/maintenance';
import { queryKeys } from '../services/query-keys';
import { createFakeFetch } from '../services/fake-fetch';
import { configureHttpClient } from '../services/http-client';
import * as memberAuth from '../services/member-auth';
import { getLoginInfo, hasToken } from '../services/session';
import { refreshMaintenanceShown, useMaintenanceStore } from './maintenance-store';
import { createAppRoutes } from './router';
import { ShellLayout } from './shell-layout';

function renderShell(path: string) {
  const routes = createAppRoutes({
    Layout: ShellLayout,
    HydrateFallback: () => null,
    screens: {
      Landing: async () => ({ default: () => <p data-testid="screen">landing screen</p> }),
      Login: async () => ({ default: () => <p data-testid="screen">login screen</p> }),
      Register: async () => ({ default: () => <p data-testid="screen">register screen</p> }),
      Wallet: async () => ({ default: () => <p data-testid="screen">wallet screen</p> }),
    },
    entryDeps: {
      hasToken: () => false,
      maintenanceShown: () => useMaintenanceStore.getState().shown,
      production: false,
      fetchKycStatus: vi.fn(async () => null),
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('shell layout', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo; // ScrollRestoration; jsdom has none
  });

  it('composes skip link, nav bar, main with the screen, and footer', async () => {
    refreshMaintenanceShown();
    renderShell('/');
    await screen.findByTestId('screen');
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main-content',
    );
    expect(screen.getByTestId('nav-bar')).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('main').contains(screen.getByTestId('screen'))).toBe(true);
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByTestId('language-select')).toBeTruthy();
    expect(screen.getByTestId('wallet-connect')).toBeTruthy();
    expect(screen.getByTestId('contact-us-button')).toBeTruthy();
  });

  it('offers a visitor Log in and Sign up in the bar, except on the Login and Register screens', async () => {
    refreshMaintenanceShown();
    const router = renderShell('/');
    await screen.findByTestId('screen');
    const panel = screen.getByTestId('nav-panel');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(panel).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/register',
    );
    await act(() => router.navigate('/login'));
    expect((await screen.findByTestId('screen')).textContent).toBe('login screen');
    expect(screen.queryByTestId('nav-login')).toBeNull();
    expect(screen.queryByTestId('nav-signup')).toBeNull();
    await act(() => router.navigate('/register'));
    expect((await screen.findByTestId('screen')).textContent).toBe('register screen');
    expect(screen.queryByTestId('nav-signup')).toBeNull();
  });

  it('opens Stable Income, Mixed Quant, Smart Autotrade and the lending bot from the Services menu, on desktop and in the phone menu', async () => {
    refreshMaintenanceShown();
    const user = userEvent.setup();
    const services = async () => {
      await user.click(screen.getByTestId('nav-menu-services'));
      const menu = await screen.findByRole('menu');
      const item = (name: string) => within(menu).getByRole('menuitem', { name: new RegExp(name) });
      const result = {
        stable: item('Stable Income').getAttribute('href'),
        mixed: item('Mixed Quant').getAttribute('href'),
        autotrade: item('Smart Autotrade').getAttribute('href'),
        lending: item('Lending Bot').getAttribute('href'),
      };
      await user.keyboard('{Escape}');
      return result;
    };
    const expected = {
      stable: '/earn?tab=stable',
      mixed: '/earn?tab=mixed',
      autotrade: '/trading-bot',
      lending: '/lending-bot',
    };

    window.innerWidth = 1280;
    renderShell('/');
    await screen.findByTestId('screen');
    expect(await services()).toEqual(expected);

    // phone: the same entries inside the folded menu
    window.innerWidth = 375;
    await user.click(screen.getByTestId('nav-burger'));
    expect(screen.getByTestId('nav-panel').getAttribute('data-open')).toBe('true');
    expect(await services()).toEqual(expected);
  });

  it('replaces every route with the maintenance page, without nav bar and footer', async () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, MAINTENANCE_FLAG_YES);
    refreshMaintenanceShown();
    useMaintenanceStore.getState().setWindow({ startTime: '2022-01-12T09:00:00Z', endTime: null });
    renderShell('/wallet');
    expect(await screen.findByRole('heading', { name: "We'll be back soon!" })).toBeTruthy();
    expect(screen.getByTestId('maintenance-start').textContent).toContain('2022/01/12 17:00');
    expect(screen.queryByTestId('nav-bar')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    useMaintenanceStore.getState().setWindow(null);
  });

  it('the admin code lets the admin see the app during maintenance', async () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, MAINTENANCE_FLAG_YES);
    localStorage.setItem(STORAGE_KEYS.adminCode, 'on');
    refreshMaintenanceShown();
    renderShell('/');
    await screen.findByTestId('screen');
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
  });

  it('the Maintain route shows the maintenance page without nav bar and footer', async () => {
    refreshMaintenanceShown();
    renderShell('/maintain');
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
    expect(screen.queryByTestId('nav-bar')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});

describe('shell layout: login state', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });

  const member = {
    memberId: 1,
    userName: 'ann@example.com',
    nickname: 'Ann',
    email: 'ann@example.com',
    mobile: null,
    emailVerified: true,
    mobileVerified: true,
    roleId: 64,
    accountType: 'individual' as const,
    twoFactor: 'none' as const,
    referralCode: null,
    language: null,
    groupID: 1 as const,
    realName: null,
    kyc2ApplyResult: null,
    kycFlags: { insufficient: false },
    region: null,
    premier: false,
  };
  const session = { token: 't', refreshToken: 'r', expiredTime: Date.now() + 600_000 };

  function renderMemberShell(
    path: string,
    queryClient: QueryClient,
    fetchKycStatus: () => Promise<{ selfUserKYCStatus: number } | null> = async () => null,
  ) {
    const routes = createAppRoutes({
      Layout: ShellLayout,
      HydrateFallback: () => null,
      screens: {
        Landing: async () => ({ default: () => <p data-testid="screen">landing screen</p> }),
        Account: async () => ({ default: () => <p data-testid="screen">account screen</p> }),
        MyStrategies: async () => ({
          default: () => <p data-testid="screen">portfolio screen</p>,
        }),
      },
      entryDeps: {
        hasToken,
        maintenanceShown: () => false,
        production: false,
        fetchKycStatus: vi.fn(fetchKycStatus),
      },
    });
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it('shows the member menu as soon as a login is stored, without a navigation', async () => {
    refreshMaintenanceShown();
    renderMemberShell('/', new QueryClient());
    await screen.findByTestId('screen');
    expect(screen.getByTestId('contact-us-button')).toBeTruthy();
    expect(screen.queryByTestId('nav-user-menu')).toBeNull();
    act(() => {
      memberAuth.storeLoginSession({ session, member });
    });
    expect(await screen.findByRole('button', { name: 'Account menu for Ann' })).toBeTruthy();
    expect(screen.queryByTestId('contact-us-button')).toBeNull();
  });

  it('the Portfolio button opens My Subscriptions (desktop and phone menu) once identity is verified', async () => {
    refreshMaintenanceShown();
    const user = userEvent.setup();
    // not verified (role without the level-1 bit): shown, disabled, says why
    memberAuth.storeLoginSession({ session, member: { ...member, roleId: 0 } });
    const first = renderMemberShell('/', new QueryClient());
    await screen.findByTestId('screen');
    const disabled = screen.getByTestId('nav-portfolio');
    expect(disabled.tagName).toBe('SPAN');
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    expect(disabled.textContent).toContain('Available after identity verification');
    expect(first.state.location.pathname).toBe('/');
    act(() => {
      memberAuth.storeLoginSession({ session, member });
    });

    // verified: a link to /portfolio?tab=earn, on desktop
    window.innerWidth = 1280;
    const link = await screen.findByRole('link', { name: 'Portfolio' });
    expect(link.getAttribute('href')).toBe('/portfolio?tab=earn');
    expect(link.getAttribute('aria-current')).toBeNull();
    await user.click(link);
    await waitFor(() => expect(link.getAttribute('aria-current')).toBe('page'));
    await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe('portfolio screen'));
    expect(first.state.location.pathname + first.state.location.search).toBe('/portfolio?tab=earn');

    // and in the phone menu
    await act(() => first.navigate('/'));
    window.innerWidth = 375;
    await user.click(screen.getByTestId('nav-burger'));
    expect(screen.getByTestId('nav-panel').getAttribute('data-open')).toBe('true');
    await user.click(within(screen.getByTestId('nav-panel')).getByTestId('nav-portfolio'));
    await waitFor(() => expect(first.state.location.pathname).toBe('/portfolio'));
  });

  it('keeps the KYC gate of /portfolio: a member whose status is not verified goes to Account', async () => {
    refreshMaintenanceShown();
    memberAuth.storeLoginSession({ session, member });
    const router = renderMemberShell('/portfolio?tab=earn', new QueryClient(), async () => ({
      selfUserKYCStatus: 2,
    }));
    expect((await screen.findByTestId('screen')).textContent).toBe('account screen');
    expect(router.state.location.pathname).toBe('/account');
  });

  it('logout: ends the session (a failure is ignored), forgets it, drops member data, goes to Landing', async () => {
    const server = createFakeFetch(() => ({ http: 500, status: 500, message: 'boom' }));
    configureHttpClient({
      fetch: server.fetch,
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload: vi.fn(),
    });
    memberAuth.storeLoginSession({ session, member });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['api', 'member', 'kyc'], { level: 1 });
    queryClient.setQueryData(['api', 'security', 'devices'], []);
    queryClient.setQueryData(['api', 'common', 'languages'], [{ id: 1 }]);
    queryClient.setQueryData(queryKeys.products.earnCatalog(), { list: [] });
    queryClient.setQueryData(queryKeys.member.earnCatalog(), { list: [] });
    const router = renderMemberShell('/account', queryClient);
    expect((await screen.findByTestId('screen')).textContent).toBe('account screen');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu for Ann' }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(queryClient.getQueryData(['api', 'member', 'kyc'])).toBeUndefined());
    expect(server.to('/member/logout')).toHaveLength(1);
    expect(server.to('/member/logout')[0]?.headers.Authorization).toBe('Bearer t');
    expect(getLoginInfo()).toBeNull();
    expect(queryClient.getQueryData(['api', 'security', 'devices'])).toBeUndefined();
    expect(queryClient.getQueryData(['api', 'common', 'languages'])).toEqual([{ id: 1 }]);
    // the visitors' catalog stays; the member's view of it (premium funds) goes
    expect(queryClient.getQueryData(queryKeys.products.earnCatalog())).toEqual({ list: [] });
    expect(queryClient.getQueryData(queryKeys.member.earnCatalog())).toBeUndefined();
    expect(screen.queryByTestId('nav-user-menu')).toBeNull();
    expect(screen.getByTestId('contact-us-button')).toBeTruthy();
  });
});
