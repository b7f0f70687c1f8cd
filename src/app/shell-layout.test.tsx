import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../i18n/i18n';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { MAINTENANCE_FLAG_YES } from '../services/maintenance';
import { refreshMaintenanceShown, useMaintenanceStore } from './maintenance-store';
import { createAppRoutes } from './router';
import { ShellLayout } from './shell-layout';

function renderShell(path: string) {
  const routes = createAppRoutes({
    Layout: ShellLayout,
    HydrateFallback: () => null,
    screens: {
      Landing: async () => ({ default: () => <p data-testid="screen">landing screen</p> }),
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
