import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AfterLoginProvider, type AfterLogin } from '../features/auth/after-login';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { afterLoginHref, readBackTo } from './guards';
import type { AppRouter } from './router';
import { storage } from './runtime';

/**
 * Where Login goes after a login (the guards' rule, which features do not import): `back`
 * (+ `id`), else the stored backTo (used once), else Landing.
 */
export const afterLogin: AfterLogin = (query) => {
  const store = storage();
  const href = afterLoginHref(query, readBackTo(store));
  try {
    store.removeItem(STORAGE_KEYS.backTo);
  } catch {
    // nothing stored that could be reused
  }
  return href;
};

/** Providers: react-query, the after-login rule, then the router (i18n is ready before). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AfterLoginProvider value={afterLogin}>
        <RouterProvider router={router} />
      </AfterLoginProvider>
    </QueryClientProvider>
  );
}
