/**
 * Paths this feature links to. Features cannot import the app's route table (lint: features sit
 * below app), so the few targets are named here; `src/app/routes.ts` holds the same paths
 * (Security `/security`, UpdatePassword `/account/change-password`, EditUserName
 * `/account/edit-user-name`) and its test would be the place to assert they stay equal.
 */
export const SECURITY_PATHS = {
  security: '/security',
  securityTwoStep: '/security?tab=two-step',
  securityActivity: '/security?tab=activity',
} as const;
