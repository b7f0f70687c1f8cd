import { queryKeys } from '../../../services/query-keys';

/**
 * Query keys of the programs pages: the member's under the member domain (logout clears them),
 * the campaigns (the same for everyone) under the product catalogs.
 */
const all = [...queryKeys.member.all, 'programs'] as const;
const campaigns = [...queryKeys.products.all, 'campaigns'] as const;

export const programsKeys = {
  all,
  /** GET /api/v1/user/referral/program */
  referralProgram: () => [...all, 'referralProgram'] as const,
  /** GET /api/v1/user/referral/history, one key per page */
  referredMembers: (page: number) => [...all, 'referredMembers', page] as const,
  /** GET /api/v1/user/campaign/Airdrop?slug= */
  airdrop: (slug: string) => [...all, 'airdrop', slug] as const,
  campaigns: () => campaigns,
  campaign: (slug: string) => [...campaigns, slug] as const,
} as const;
