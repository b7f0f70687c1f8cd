import { useContext } from 'react';
import { AfterLoginContext, type AfterLogin } from '../after-login';

/** Where to go after a login (see `after-login.ts`). */
export function useAfterLogin(): AfterLogin {
  const afterLogin = useContext(AfterLoginContext);
  if (!afterLogin) throw new Error('useAfterLogin needs an <AfterLoginProvider> (src/app/app.tsx)');
  return afterLogin;
}
