/**
 * Paths this feature links to. Features cannot import the app's route table (lint: features sit
 * below app); `src/app/routes.ts` holds the same paths (EditUserName `/account/edit-user-name`,
 * UpdatePassword `/account/change-password`, Kyc `/kyc` with its query `step=upload`, Account
 * `/account`). The contact form is the shell's dialog, opened by the query `type=contact-us`
 * (spec section 2) on any route: here, on this page.
 */
export const ACCOUNT_PATHS = {
  editUserName: '/account/edit-user-name',
  changePassword: '/account/change-password',
  kyc: '/kyc',
  kycUpload: '/kyc?step=upload',
  contactSupport: '/account?type=contact-us',
} as const;
