import type { AutotradeDashboardList } from './dashboard-types';
import type { BinfiUserFunds } from '../../../shared/api/binfi';
import type { EarnUserFunds } from '../../../shared/api/earn';
import type { KycStatus } from '../../../shared/api/kyc';
import type { LendingStrategyList } from '../../../shared/api/lending';

/** The product families a member's Dashboard counts, in the order it shows them. */
export const DASHBOARD_FAMILIES = ['earn', 'autotrade', 'lending', 'binfi'] as const;
export type DashboardFamily = (typeof DASHBOARD_FAMILIES)[number];

/** Earn subscriptions that still hold the member's money (not ended, failed or cancelled). */
const EARN_LIVE = new Set(['raising', 'running', 'cancel_pending', 'asset_return']);
/** Smart Autotrade subscriptions still trading or waiting for margin. */
const AUTOTRADE_LIVE = new Set(['pending_margin', 'active', 'paused']);
/** BinFi orders whose round has not finished (raising, raised or running). */
const BINFI_LIVE = new Set(['fundraising', 'raised', 'running']);

export const countEarn = (funds: EarnUserFunds): number =>
  funds.list.filter((row) => EARN_LIVE.has(row.state)).length;

export const countAutotrade = (list: AutotradeDashboardList): number =>
  list.list.filter((row) => AUTOTRADE_LIVE.has(row.portfolio.state)).length;

export const countLending = (list: LendingStrategyList): number =>
  list.list.filter((row) => row.subscription.state !== 'ended').length;

export const countBinfi = (funds: BinfiUserFunds): number =>
  funds.list.filter((row) => BINFI_LIVE.has(row.state)).length;

/** Identity verification as the Dashboard says it: verified, in review, rejected, or not yet. */
export type KycLevel = 'verified' | 'review' | 'action' | 'none';

export function kycLevel(status: Pick<KycStatus, 'state'>): KycLevel {
  switch (status.state) {
    case 'verified':
      return 'verified';
    case 'submitted':
    case 'under_review':
    case 'resubmitted':
      return 'review';
    case 'rejected':
    case 'insufficient':
    case 'failed':
      return 'action';
    default:
      return 'none';
  }
}

/** Premier membership: approved, applied (in any step before the decision), rejected, or none. */
export type PremierLevel = 'approved' | 'applied' | 'rejected' | 'none';

export function premierLevel(status: Pick<KycStatus, 'premier'>): PremierLevel {
  const state = status.premier.state;
  if (state === 'approved') return 'approved';
  if (state === 'rejected') return 'rejected';
  if (state === null) return 'none';
  return 'applied';
}
