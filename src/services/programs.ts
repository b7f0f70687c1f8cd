import {
  airdropStatusSchema,
  campaignListSchema,
  campaignSchema,
  referralProgramSchema,
  type AirdropStatus,
  type Campaign,
  type CampaignList,
  type ReferralProgram,
} from '../shared/api/programs';
import { request } from './http-client';

/**
 * The programs (spec products-programs sections 2 "Programs", 3 "Referral", 9; contract
 * `shared/api/programs.ts`): the member's referral program record, the campaigns and a
 * member's airdrop qualification. The referred members are
 * `services/referral.ts` (GET user/referral/history).
 */

export type { AirdropStatus, Campaign, CampaignList, ReferralProgram };

/** GET /api/v1/user/referral/program (authenticated). */
export function getReferralProgram(signal?: AbortSignal): Promise<ReferralProgram> {
  return request({
    service: 'gateway',
    path: '/user/referral/program',
    schema: referralProgramSchema,
    signal,
  });
}

/** GET /api/v1/common/CampaignList (public): every campaign, running and upcoming first. */
export function getCampaignList(signal?: AbortSignal): Promise<CampaignList> {
  return request({
    service: 'gateway',
    path: '/common/CampaignList',
    guest: true,
    schema: campaignListSchema,
    signal,
  });
}

/** GET /api/v1/common/Campaign?slug= (public). */
export function getCampaign(slug: string, signal?: AbortSignal): Promise<Campaign> {
  return request({
    service: 'gateway',
    path: '/common/Campaign',
    guest: true,
    query: { slug },
    schema: campaignSchema,
    signal,
  });
}

/** GET /api/v1/user/campaign/Airdrop?slug= (authenticated): the member's qualification. */
export function getAirdropStatus(slug: string, signal?: AbortSignal): Promise<AirdropStatus> {
  return request({
    service: 'gateway',
    path: '/user/campaign/Airdrop',
    query: { slug },
    schema: airdropStatusSchema,
    signal,
  });
}
