import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  partnerCreateBodySchema,
  partnerJoinResultSchema,
  partnerReferralInfoSchema,
  type PartnerReferralInfo,
} from '../../../shared/api/partner';
import { request } from '../../../services/http-client';
import { cachePresets } from '../../../services/query-keys';

/**
 * The partner referral calls (contract shared/api/partner.ts): the member's record, joining
 * with a payout address, and being recorded as a partner's after the partner sign-up.
 */

const partnerKeys = { info: () => ['partner', 'referral-info'] as const };

export function getPartnerInfo(signal?: AbortSignal): Promise<PartnerReferralInfo> {
  return request({
    service: 'gateway',
    path: '/htoken/coolBitX/referralInfo',
    schema: partnerReferralInfoSchema,
    signal,
  });
}

export function partnerInfoQueryOptions() {
  return queryOptions({
    queryKey: partnerKeys.info(),
    queryFn: ({ signal }) => getPartnerInfo(signal),
    ...cachePresets.standard,
  });
}

export function usePartnerInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...partnerInfoQueryOptions(), enabled });
}

/** POST createReferral: join the program, or change the payout address. */
export function useCreatePartnerReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (address: string) =>
      request({
        service: 'gateway',
        method: 'POST',
        path: '/htoken/coolBitX/createReferral',
        body: partnerCreateBodySchema.parse({ address }),
        schema: partnerReferralInfoSchema,
      }),
    onSuccess: (info) => client.setQueryData(partnerKeys.info(), info),
  });
}

/** POST join: the member who signed up through the partner entry becomes the partner's. */
export function useJoinPartner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      request({
        service: 'gateway',
        method: 'POST',
        path: '/htoken/coolBitX/join',
        body: { code },
        schema: partnerJoinResultSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: partnerKeys.info() }),
  });
}
