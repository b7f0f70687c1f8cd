import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AuthLinksProvider, type AuthLinks } from '../features/auth/auth-links';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { afterLoginHref, readBackTo } from './guards';
import type { AppRouter } from './router';
import { routes } from './routes';
import { storage } from './runtime';
import { hrefIfBuilt } from './shell-rules';

/**
 * Where the identity screens link to (features do not import the route table). After a login:
 * `back` (+ `id`), else the stored backTo (used once), else Landing.
 */
export const authLinks: AuthLinks = {
  landing: routes.Landing.getHref(),
  login: routes.Login.getHref(),
  register: routes.Register.getHref(),
  forgotPassword: routes.ForgotPwd.getHref(),
  userAgreement: hrefIfBuilt('UserAgreement', () => routes.UserAgreement.getHref()),
  privacyPolicy: hrefIfBuilt('PrivacyPolicy', () => routes.PrivacyPolicy.getHref()),
  afterLogin: (query) => {
    const store = storage();
    const href = afterLoginHref(query, readBackTo(store));
    try {
      store.removeItem(STORAGE_KEYS.backTo);
    } catch {
      // nothing stored that could be reused
    }
    return href;
  },
};

/** Providers: react-query, the identity screens' links, then the router (i18n is ready before). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthLinksProvider value={authLinks}>
        <RouterProvider router={router} />
      </AuthLinksProvider>
    </QueryClientProvider>
  );
}
