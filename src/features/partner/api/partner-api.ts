import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  partnerCreateBodySchema,
  partnerReferralInfoSchema,
  type PartnerReferralInfo,
} from '../../../shared/api/partner';
import { request } from '../../../services/http-client';
import { cachePresets } from '../../../services/query-keys';

/**
 * The partner referral calls (contract shared/api/partner.ts): the member's record and joining
 * with a payout address.
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
