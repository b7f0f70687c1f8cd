import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cachePresets } from '../../../services/query-keys';
import { getReferralProgram } from '../../../services/programs';
import { getReferralHistory } from '../../../services/referral';
import { programsKeys } from './programs-query-keys';

/** GET /api/v1/user/referral/program: the member's record in the referral program. */
export function referralProgramQueryOptions() {
  return queryOptions({
    queryKey: programsKeys.referralProgram(),
    queryFn: ({ signal }) => getReferralProgram(signal),
    ...cachePresets.standard,
  });
}

export function useReferralProgram({ enabled }: { enabled: boolean }) {
  return useQuery({ ...referralProgramQueryOptions(), enabled });
}

/** GET /api/v1/user/referral/history: the referred members, one page. */
export function referredMembersQueryOptions(page: number) {
  return queryOptions({
    queryKey: programsKeys.referredMembers(page),
    queryFn: ({ signal }) => getReferralHistory({ page }, signal),
    ...cachePresets.standard,
  });
}

export function useReferredMembers(page: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...referredMembersQueryOptions(page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
