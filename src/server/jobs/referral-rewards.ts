import { REFERRAL_REWARDS_TASK, runReferralRewards } from '../domain/programs/referral-rewards';
import type { ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `referral-rewards`: friends who reached level 1 and their first purchases accrue the referral
 * program's BCNT rewards; in a distribution window (Wednesdays and the 5th, until 17:00 UTC+8)
 * what accrued before it is paid from the pool, each reward once
 * (domain/programs/referral-rewards.ts).
 */
export function referralRewardsJob(deps: JobDeps): ScheduledTask {
  return { name: REFERRAL_REWARDS_TASK, run: (now) => runReferralRewards(deps, now) };
}
