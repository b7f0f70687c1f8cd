import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../../components/testing/render';
import { AfterLoginProvider, type AfterLogin } from '../after-login';

/** After a login in tests: `/after?back=<back>`, so the target is visible in the location. */
export const testAfterLogin: AfterLogin = (query) => `/after?back=${query.get('back') ?? ''}`;

/** Renders an identity screen with i18n, a memory router, react-query and the after-login rule. */
export function renderAuth(
  ui: ReactElement,
  {
    route = '/',
    lng,
    afterLogin = testAfterLogin,
  }: { route?: string; lng?: string; afterLogin?: AfterLogin } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = renderWithProviders(ui, {
    route,
    lng,
    wrap: (children) => (
      <QueryClientProvider client={queryClient}>
        <AfterLoginProvider value={afterLogin}>{children}</AfterLoginProvider>
      </QueryClientProvider>
    ),
  });
  return { ...result, queryClient };
}

/** A captcha challenge the real solver answers at once (number 3 of 0..10). */
export async function tinyChallenge() {
  const salt = 'test-salt';
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}3`));
  const challenge = [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { algorithm: 'SHA-256' as const, challenge, salt, signature: 'sig', maxnumber: 10 };
}
