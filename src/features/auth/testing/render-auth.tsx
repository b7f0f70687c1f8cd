import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../../components/testing/render';
import { AuthLinksProvider, type AuthLinks } from '../auth-links';

/** Test links: after a login, `/after?back=<back>` so the target is visible in the location. */
export const testLinks: AuthLinks = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  userAgreement: '/user-agreement',
  privacyPolicy: undefined,
  afterLogin: (query) => `/after?back=${query.get('back') ?? ''}`,
};

/** Renders an identity screen with i18n, a memory router, react-query and the links. */
export function renderAuth(
  ui: ReactElement,
  { route = '/', lng, links = testLinks }: { route?: string; lng?: string; links?: AuthLinks } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = renderWithProviders(ui, {
    route,
    lng,
    wrap: (children) => (
      <QueryClientProvider client={queryClient}>
        <AuthLinksProvider value={links}>{children}</AuthLinksProvider>
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
