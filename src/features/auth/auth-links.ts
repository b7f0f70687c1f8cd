import { createContext } from 'react';

/**
 * Where the identity screens link to. Features do not import the app's route table, so the app
 * provides these (from `routes` and the guards' `afterLoginHref`/`readBackTo`).
 */
export interface AuthLinks {
  landing: string;
  login: string;
  register: string;
  forgotPassword: string;
  /** undefined while the legal screens are not built: the checkbox labels are plain text then */
  userAgreement?: string;
  privacyPolicy?: string;
  /**
   * Where Login goes after a successful login, from its query (`back`, `id`) and the stored
   * backTo, else Landing. Called once per login (it may consume the stored backTo).
   */
  afterLogin: (query: URLSearchParams) => string;
}

export const AuthLinksContext = createContext<AuthLinks | null>(null);

export const AuthLinksProvider = AuthLinksContext.Provider;
