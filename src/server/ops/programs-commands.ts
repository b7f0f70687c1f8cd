import { z } from 'zod';
import { parseAmount } from '../../shared/money/decimal';
import {
  fundReferralPool,
  poolStatus,
  REFERRAL_REWARDS_TASK,
  runReferralRewards,
} from '../domain/programs/referral-rewards';
import { BCNT_DECIMALS } from '../domain/programs/referral-rules';
import { withLease } from '../domain/wallet/leases';
import { TaskBusy } from '../scheduler';
import { type OpsContext, opsCommand } from './command';

/**
 * Operator commands of the programs:
 *
 * - `referral/pool`: the referral pool (left, paid, funded of the 100,000 BCNT, accrued);
 * - `referral/pool-fund --amount 20000 --ref T-2025-03`: move BCNT from the hot wallet into the
 *   pool (one ledger transaction per reference; refused beyond 100,000 BCNT in all);
 * - `referral/run`: the `referral-rewards` job now (accrual, then the distribution when inside a
 *   window), under the job's lease.
 */

function exclusive<T>(ctx: OpsContext, task: string, work: () => Promise<T>): Promise<T> {
  if (ctx.scheduler) return ctx.scheduler.runExclusive(task, work);
  return withLease(ctx.db, ctx.clock, `task:${task}`, work).then((outcome) => {
    if (!outcome.ran) throw new TaskBusy(task);
    return outcome.result;
  });
}

const bcntAmount = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,18})?$/, { message: 'a BCNT amount, e.g. 20000' })
  .transform((text) => parseAmount(text, BCNT_DECIMALS)!)
  .refine((value) => value > 0n, { message: 'more than 0' });

const poolLines = (pool: Awaited<ReturnType<typeof poolStatus>>) =>
  [
    `Pool: ${pool.balance} BCNT left, ${pool.paid} paid, ${pool.funded} of ${pool.limit} funded`,
    `Accrued, waiting for a distribution: ${pool.accrued} BCNT`,
  ].join('\n');

export const programsOpsCommands = {
  'referral/pool': opsCommand({
    help: 'The referral pool: BCNT left, paid, funded of the 100,000, and accrued rewards.',
    input: z.object({}),
    run: (ctx) => poolStatus(ctx.db),
    format: poolLines,
  }),
  'referral/pool-fund': opsCommand({
    options: { amount: { required: '20000' }, ref: { required: 'T-2025-03' } },
    usage: '--amount 20000 --ref T-2025-03',
    help: 'Fund the referral pool from the hot wallet (once per --ref; 100,000 BCNT in all).',
    input: z.object({
      amount: bcntAmount,
      ref: z.string().trim().min(1).max(80),
    }),
    run: (ctx, input) =>
      fundReferralPool(ctx, { amount: input.amount, reference: input.ref }).then((pool) => ({
        ...pool,
      })),
    format: (data) =>
      `${data.created ? 'Funded.' : 'This reference was funded already; nothing moved.'}\n${poolLines(data)}`,
  }),
  'referral/run': opsCommand({
    help: 'Run the referral rewards now: accrual, then the payments due in a distribution window.',
    input: z.object({}),
    run: (ctx) =>
      exclusive(ctx, REFERRAL_REWARDS_TASK, () => runReferralRewards(ctx, ctx.clock.now())),
    format: ({ accrual, distribution }) =>
      [
        `Friends at level 1: ${accrual.friends} (${accrual.counted} counted, ${accrual.capped} over the monthly cap)`,
        `First purchases: ${accrual.firstPurchases}`,
        distribution.window
          ? `Paid ${distribution.paid} rewards (${distribution.paidBcnt} BCNT); ` +
            `${distribution.waitingForPool} wait for the pool`
          : 'Outside a distribution window (Wednesdays and the 5th, until 17:00 UTC+8): nothing paid',
      ].join('\n'),
  }),
};
