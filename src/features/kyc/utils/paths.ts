/**
 * Paths this feature links to. Features cannot import the app's route table (lint: features sit
 * below app); `src/app/routes.ts` holds the same paths (Account `/account`, Kyc `/kyc`).
 * `?type=contact-us` on any page opens the shell's contact dialog (spec section 2).
 */
export const KYC_PATHS = {
  account: '/account',
  kyc: '/kyc',
  contactUsQuery: '?type=contact-us',
} as const;
