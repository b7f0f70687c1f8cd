/**
 * Paths this feature links to. Features cannot import the app's route table (lint: features sit
 * below app), so the targets are named here; `src/app/routes.ts` holds the same paths (Security
 * `/security`, Wallet `/wallet`).
 */
export const WITHDRAW_PATHS = {
  securityTwoStep: '/security?tab=two-step',
  walletAddresses: '/wallet?tab=addresses',
  walletWithdrawal: '/wallet?tab=withdrawal',
} as const;
