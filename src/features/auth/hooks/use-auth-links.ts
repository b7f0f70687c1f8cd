import { useContext } from 'react';
import { AuthLinksContext, type AuthLinks } from '../auth-links';

/** The links the app provides to the identity screens (see `auth-links.ts`). */
export function useAuthLinks(): AuthLinks {
  const links = useContext(AuthLinksContext);
  if (!links) throw new Error('useAuthLinks needs an <AuthLinksProvider> (src/app/app.tsx)');
  return links;
}
