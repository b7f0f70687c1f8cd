import { queryKeys } from '../../../services/query-keys';

/** Query keys of the programs pages, under the member domain (logout clears them). */
const all = [...queryKeys.member.all, 'programs'] as const;

export const programsKeys = {
  all,
  /** GET /api/v1/user/referral/program */
  referralProgram: () => [...all, 'referralProgram'] as const,
  /** GET /api/v1/user/referral/history, one key per page */
  referredMembers: (page: number) => [...all, 'referredMembers', page] as const,
} as const;
