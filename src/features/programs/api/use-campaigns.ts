import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachePresets } from '../../../services/query-keys';
import { getAirdropStatus, getCampaign, getCampaignList } from '../../../services/programs';
import { programsKeys } from './programs-query-keys';

export function campaignListQueryOptions() {
  return queryOptions({
    queryKey: programsKeys.campaigns(),
    queryFn: ({ signal }) => getCampaignList(signal),
    ...cachePresets.standard,
  });
}

export function useCampaignList({ enabled }: { enabled: boolean }) {
  return useQuery({ ...campaignListQueryOptions(), enabled });
}

export function campaignQueryOptions(slug: string) {
  return queryOptions({
    queryKey: programsKeys.campaign(slug),
    queryFn: ({ signal }) => getCampaign(slug, signal),
    ...cachePresets.standard,
  });
}

export function useCampaign(slug: string | null) {
  return useQuery({ ...campaignQueryOptions(slug ?? ''), enabled: slug !== null });
}

/** The member's airdrop qualification (only for a logged-in member on an airdrop campaign). */
export function useAirdropStatus(slug: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: programsKeys.airdrop(slug),
    queryFn: ({ signal }) => getAirdropStatus(slug, signal),
    ...cachePresets.fresh,
    enabled,
  });
}
