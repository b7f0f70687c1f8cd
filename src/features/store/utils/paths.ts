/**
 * Paths this feature links to. Features cannot import the app's route table (lint), so the
 * targets are named here; `src/app/routes.ts` holds the same paths (Login with `back` = the
 * route name Bcnt, KYC, the Wallet's Convert tab).
 */
export const STORE_LINKS = {
  login: '/login?back=Bcnt',
  register: '/register',
  kyc: '/kyc',
  convert: '/wallet?tab=convert',
} as const;
