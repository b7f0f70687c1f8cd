import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AfterLoginProvider, type AfterLogin } from '../features/auth/after-login';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { afterLoginHref, readBackTo } from './guards';
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

/** Providers around the router: react-query and the after-login rule (i18n is ready before). */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AfterLoginProvider value={afterLogin}>{children}</AfterLoginProvider>
    </QueryClientProvider>
  );
}
