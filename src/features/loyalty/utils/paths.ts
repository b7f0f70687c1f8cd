/**
 * Paths this feature links to. Features cannot import the app's route table (lint: features sit
 * below app), so the targets are named here; `src/app/routes.ts` holds the same paths
 * (Security `/security`).
 */
export const LOYALTY_LINKS = {
  /** Linked wallets live on the two-step tab of the Security page. */
  linkWallet: '/security?tab=two-step',
  login: '/login',
} as const;
