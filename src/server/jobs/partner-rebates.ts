import { PARTNER_REBATES_TASK, runPartnerRebates } from '../domain/partner/rebates';
import type { ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `partner-rebates`: the partner referral program's 0.4 % rebates on what members who signed up
 * through a partner subscribe, each once, and the automatic payout (a queued withdrawal to the
 * partner's address) each time 500 USDT has accrued (domain/partner/rebates.ts).
 */
export function partnerRebatesJob(deps: JobDeps): ScheduledTask {
  return { name: PARTNER_REBATES_TASK, run: (now) => runPartnerRebates(deps, now) };
}
