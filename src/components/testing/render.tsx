import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createTestI18n } from './test-i18n';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial URL (path, query, hash). */
  route?: string;
  lng?: string;
  /** Extra providers inside the router (e.g. a QueryClientProvider). */
  wrap?: (children: ReactNode) => ReactNode;
}

/** Shows the router's current location, for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

/** Renders with i18n (real locale files) and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', lng = 'en-US', wrap, ...options }: ProvidersOptions = {},
) {
  const i18n = createTestI18n(lng);
  const result = render(ui, {
    ...options,
    wrapper: ({ children }) => (
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          {wrap ? wrap(children) : children}
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    ),
  });
  return { ...result, i18n };
}

/** A query client for one test: no retries, nothing collected while the test runs. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export interface QueryRenderOptions extends ProvidersOptions {
  /**
   * The route pattern `ui` is the screen of (`/lending-bot/:id`): rendered by a route so it reads
   * its params, with every other path showing `elsewhere` (a navigation away).
   */
  path?: string;
}

/** renderWithProviders with a fresh query client (answered with the render result). */
export function renderWithQuery(ui: ReactElement, { path, ...options }: QueryRenderOptions = {}) {
  const client = testQueryClient();
  const screen = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={<p data-testid="elsewhere" />} />
    </Routes>
  ) : (
    ui
  );
  const result = renderWithProviders(screen, {
    ...options,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}
