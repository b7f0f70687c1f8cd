import { createContext } from 'react';

/**
 * Where Login goes after a successful login, from its query (`back`, `id`) and the stored
 * backTo, else Landing. The app provides it (the guards' `afterLoginHref`/`readBackTo`, which
 * features do not import); it is called once per login and may consume the stored backTo.
 * Plain links (Login, Register, the legal pages) come from the path table (`src/lib/paths.ts`).
 */
export type AfterLogin = (query: URLSearchParams) => string;

export const AfterLoginContext = createContext<AfterLogin | null>(null);

export const AfterLoginProvider = AfterLoginContext.Provider;
