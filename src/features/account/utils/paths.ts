/**
 * Paths this feature links to. Features cannot import the app's route table (lint: features sit
 * below app); `src/app/routes.ts` holds the same paths (EditUserName `/account/edit-user-name`,
 * UpdatePassword `/account/change-password`).
 */
export const ACCOUNT_PATHS = {
  editUserName: '/account/edit-user-name',
  changePassword: '/account/change-password',
} as const;
