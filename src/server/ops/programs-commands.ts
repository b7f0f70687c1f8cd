import { z } from 'zod';
import { parseAmount } from '../../shared/money/decimal';
import {
  fundReferralPool,
  poolStatus,
  REFERRAL_REWARDS_TASK,
  runReferralRewards,
} from '../domain/programs/referral-rewards';
import { BCNT_DECIMALS } from '../domain/programs/referral-rules';
import { campaignList, createCampaign } from '../domain/programs/campaigns';
import {
  AIRDROP_PAYOUT_TASK,
  fundAirdropPool,
  runAirdropPayout,
} from '../domain/programs/airdrop-payout';
import { CURRENCIES } from '../../shared/constants/currencies';
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
 *   window), under the job's lease;
 * - `campaign/create <slug> --kind event|limit_event --title-en ... --title-tw ... --title-zh ...
 *   --summary-en ... --summary-tw ... --summary-zh ... --starts 2025-03-01T00:00+08:00 --ends ...
 *   [--airdrop 2000000 --min-days 30 --min-amounts BTC=0.01,USDT=300]`: a campaign page;
 * - `campaign/list`: the campaigns with their state;
 * - `campaign/airdrop-fund --amount 2000000 --ref AD-2025-04`: move BCNT from the hot wallet into
 *   the airdrop pool (one ledger transaction per reference);
 * - `campaign/airdrop-run`: the `airdrop-payout` job now (ended airdrops allocated, shares paid
 *   while the pool holds them), under the job's lease.
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

const moment = z
  .string()
  .trim()
  .refine((text) => !Number.isNaN(Date.parse(text)), {
    message: 'a time, e.g. 2025-03-01T00:00+08:00',
  })
  .transform((text) => new Date(text));

const minAmounts = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const out: Record<string, string> = {};
    for (const part of text.split(',')) {
      const [code, amount] = part.split('=').map((x) => x.trim());
      const currency = CURRENCIES.find((c) => c.code === code);
      if (!currency || !amount || parseAmount(amount, currency.decimals) === null) {
        ctx.addIssue({ code: 'custom', message: `CODE=amount pairs, e.g. BTC=0.01,USDT=300` });
        return z.NEVER;
      }
      out[currency.code] = amount;
    }
    return out;
  });

const text = z.string().trim().min(1).max(200);

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
  'campaign/create': opsCommand({
    argument: { name: 'slug', what: "campaign's slug (its page address)" },
    options: {
      kind: { required: 'event' },
      'title-en': { required: 'Spring airdrop' },
      'title-tw': { required: '春季空投' },
      'title-zh': { required: '春季空投' },
      'summary-en': { required: 'text' },
      'summary-tw': { required: 'text' },
      'summary-zh': { required: 'text' },
      starts: { required: '2025-03-01T00:00+08:00' },
      ends: { required: '2025-03-31T23:59:59+08:00' },
      airdrop: {},
      'min-days': {},
      'min-amounts': {},
    },
    usage:
      '--kind event|limit_event --title-en T --title-tw T --title-zh T --summary-en S --summary-tw S --summary-zh S --starts TIME --ends TIME [--airdrop 2000000 --min-days 30 --min-amounts BTC=0.01,USDT=300]',
    help: 'Create a campaign page (Event or LimitEvent), optionally an airdrop with its rules.',
    input: z
      .object({
        slug: z
          .string()
          .trim()
          .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, {
            message: 'lower-case letters, digits and dashes',
          }),
        kind: z.enum(['event', 'limit_event']),
        'title-en': text,
        'title-tw': text,
        'title-zh': text,
        'summary-en': z.string().trim().min(1).max(2000),
        'summary-tw': z.string().trim().min(1).max(2000),
        'summary-zh': z.string().trim().min(1).max(2000),
        starts: moment,
        ends: moment,
        airdrop: z.optional(bcntAmount),
        'min-days': z.optional(z.coerce.number().int().min(0).max(3650)),
        'min-amounts': z.optional(minAmounts),
      })
      .refine((input) => input.ends > input.starts, { message: '--ends after --starts' })
      .refine((input) => input.airdrop !== undefined || input['min-amounts'] === undefined, {
        message: '--min-amounts needs --airdrop',
      }),
    run: (ctx, input) =>
      createCampaign(ctx, {
        slug: input.slug,
        kind: input.kind,
        title: {
          'en-US': input['title-en'],
          'zh-TW': input['title-tw'],
          'zh-CN': input['title-zh'],
        },
        summary: {
          'en-US': input['summary-en'],
          'zh-TW': input['summary-tw'],
          'zh-CN': input['summary-zh'],
        },
        startsAt: input.starts,
        endsAt: input.ends,
        ...(input.airdrop !== undefined
          ? {
              airdrop: {
                poolBcnt: input.airdrop,
                minSubscriptionDays: input['min-days'] ?? 30,
                minAmounts: input['min-amounts'] ?? {},
              },
            }
          : {}),
      }),
    format: (data) => `Campaign ${data.slug} (${data.kind}) created: ${data.state}`,
  }),
  'campaign/list': opsCommand({
    help: 'The campaigns with their period and state.',
    input: z.object({}),
    run: (ctx) => campaignList(ctx),
    format: (data) =>
      data.list.length === 0
        ? 'No campaigns.'
        : data.list
            .map((c) => `${c.slug}  ${c.kind}  ${c.startsAt} .. ${c.endsAt}  ${c.state}`)
            .join('\n'),
  }),
  'campaign/airdrop-fund': opsCommand({
    options: { amount: { required: '2000000' }, ref: { required: 'AD-2025-04' } },
    usage: '--amount 2000000 --ref AD-2025-04',
    help: 'Fund the airdrop pool from the hot wallet (once per --ref).',
    input: z.object({
      amount: bcntAmount,
      ref: z.string().trim().min(1).max(80),
    }),
    run: (ctx, input) => fundAirdropPool(ctx, { amount: input.amount, reference: input.ref }),
    format: (data) =>
      `${data.created ? 'Funded.' : 'This reference was funded already; nothing moved.'}\nAirdrop pool: ${data.poolBcnt} BCNT`,
  }),
  'campaign/airdrop-run': opsCommand({
    help: 'Run the airdrop payout now: ended airdrops shared among the qualified, shares paid.',
    input: z.object({}),
    run: (ctx) => exclusive(ctx, AIRDROP_PAYOUT_TASK, () => runAirdropPayout(ctx, ctx.clock.now())),
    format: ({ allocation, payment }) =>
      [
        `Airdrops allocated: ${allocation.campaigns} (${allocation.members} members)`,
        `Paid ${payment.paid} shares (${payment.paidBcnt} BCNT); ${payment.waitingForPool} wait for the pool`,
      ].join('\n'),
  }),
};
