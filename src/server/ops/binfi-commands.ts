import { z } from 'zod';
import { formatUnits } from 'viem';
import {
  BINFI_ROUNDS_TASK,
  type BinfiOperatorDeps,
  createRound,
  fundRewardMonth,
  matchRound,
  payRedemptionQueue,
  runBinfiRounds,
  settleRound,
  stopLossRound,
} from '../domain/binfi/operator';
import { signInvite } from '../domain/binfi/invite';
import { roundRow } from '../domain/binfi/reads';
import { seedDemoRounds } from '../domain/binfi/seed';
import { DEFAULT_TERMS } from '../domain/binfi/terms';
import { DEFAULT_APP_ORIGIN } from '../config';
import { withLease } from '../domain/wallet/leases';
import { TaskBusy } from '../scheduler';
import { type OpsArgument, type OpsContext, opsCommand, walletOf } from './command';

/**
 * Operator commands of BinFi rounds (BinFiPool, sent from the hot wallet; USDT per unit as
 * decimal strings):
 *
 * - `binfi/create --price 100 --capacity 10 [--ratio 1] [--cap 10] [--lock 1000]
 *   [--raise-days 7] [--months 6|3] [--apr 8] [--fee 1] [--stop-loss 80] [--symbol BTC/USDT]
 *   [--private]`: a round raising from now, with its off-chain terms (domain/binfi/terms.ts);
 * - `binfi/match <fundId>`: match now (after the raise window);
 * - `binfi/reward <fundId> --per-unit 1.5`: fund the next Rock reward month;
 * - `binfi/stoploss <fundId>`: execute the stop-loss (3 days to settle);
 * - `binfi/settle <fundId> --rock 101 --flame 97.5`: settle at each side's payout per unit;
 * - `binfi/redeem-pay --per-unit 100.5 [--limit N]`: pay the next queued Rock redemptions;
 * - `binfi/invite <fundId>`: the invite link to a private round (the hot wallet's signature of
 *   the round in `?invite=`; domain/binfi/invite.ts);
 * - `binfi/seed`: the dev stack's demo rounds (raising BinFi and Galaxy, running, settled) when
 *   the pool has none (domain/binfi/seed.ts; the development mnemonic only);
 * - `binfi/run`: the `binfi-rounds` job now (match, next-day refund and start, maturity, the
 *   stop-loss deadline, settlement payouts).
 */

const FUND_ARGUMENT: OpsArgument = { name: 'fundId', what: "round's id" };
const fundId = z.coerce.number().int().positive();
const decimal = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,6})?$/, 'a USDT amount like 101.5');
const count = (max: number) => z.coerce.number().int().min(1).max(max);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

function depsOf(ctx: OpsContext): BinfiOperatorDeps {
  const wallet = walletOf(ctx);
  return { db: ctx.db, clock: ctx.clock, config: wallet.config, chain: wallet.chain };
}

/** A job's work now, never beside the job itself (the API's scheduler, or the task's lease). */
async function exclusive<T>(ctx: OpsContext, work: () => Promise<T>): Promise<T> {
  if (ctx.scheduler) return ctx.scheduler.runExclusive(BINFI_ROUNDS_TASK, work);
  const outcome = await withLease(ctx.db, ctx.clock, `task:${BINFI_ROUNDS_TASK}`, work);
  if (!outcome.ran) throw new TaskBusy(BINFI_ROUNDS_TASK);
  return outcome.result;
}

const usdt = (atomic: bigint) => formatUnits(atomic, 6);
/** a percentage with at most two decimals (basis points) */
const percent = (min: number, max: number) =>
  z.coerce
    .number()
    .min(min)
    .max(max)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'at most two decimals');

export const binfiOpsCommands = {
  'binfi/create': opsCommand({
    options: {
      price: { required: 'USDT' },
      capacity: { required: 'UNITS' },
      ratio: {},
      cap: {},
      lock: {},
      'raise-days': {},
      months: {},
      apr: {},
      fee: {},
      'stop-loss': {},
      symbol: {},
    },
    flags: ['private'],
    usage:
      '--price 100 --capacity 10 [--ratio 1] [--cap 10] [--lock 1000] [--raise-days 7] [--months 6|3] [--apr 8] [--fee 1] [--stop-loss 80] [--symbol BTC/USDT] [--private]',
    help: `Create a BinFi round raising from now: unit price (USDT), Flame units on offer, Rock units
per Flame unit (leverage ratio+1), units per account, BCNT per unit of the locking pass,
raise days, 6 months (BinFi) or 3 (Galaxy); Rock's interest a year (%), the platform fee a
year of the matched capital (%), Flame's loss that executes the stop-loss (% of its capital),
the pair the matched capital trades.`,
    input: z.object({
      price: decimal,
      capacity: count(100_000),
      ratio: count(9).default(1),
      cap: count(10_000).default(10),
      lock: decimal.default('1000'),
      'raise-days': count(90).default(7),
      months: z.coerce
        .number()
        .int()
        .refine((m) => m === 3 || m === 6, '3 or 6')
        .default(6),
      private: flag.default(false),
      apr: percent(0, 100).default(DEFAULT_TERMS.rockAprBps / 100),
      fee: percent(0, 20).default(DEFAULT_TERMS.platformFeeBps / 100),
      'stop-loss': percent(1, 100).default(DEFAULT_TERMS.stopLossBps / 100),
      symbol: z
        .string()
        .regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/, 'a pair like BTC/USDT')
        .default(DEFAULT_TERMS.symbol),
    }),
    run: async (ctx, input) => {
      const now = ctx.clock.now();
      const result = await createRound(depsOf(ctx), {
        unitPrice: input.price,
        capacity: input.capacity,
        rockPerFlame: input.ratio,
        accountCap: input.cap,
        lockPerUnit: input.lock,
        raiseStart: now,
        raiseEnd: new Date(now.getTime() + input['raise-days'] * 24 * 3600 * 1000),
        months: input.months,
        isPrivate: input.private,
        terms: {
          rockAprBps: Math.round(input.apr * 100),
          platformFeeBps: Math.round(input.fee * 100),
          stopLossBps: Math.round(input['stop-loss'] * 100),
          symbol: input.symbol,
        },
      });
      return { fundId: result.fundId, txHash: result.txHash };
    },
    format: (r) => `round ${r.fundId} created (tx ${r.txHash})`,
  }),
  'binfi/match': opsCommand({
    argument: FUND_ARGUMENT,
    help: 'Match a round whose raise window has closed (nothing if it is no longer raising).',
    input: z.object({ fundId }),
    run: async (ctx, input) => ({ txHash: await matchRound(depsOf(ctx), input.fundId) }),
    format: (r) => (r.txHash ? `matched (tx ${r.txHash})` : 'not raising: nothing to match'),
  }),
  'binfi/reward': opsCommand({
    argument: FUND_ARGUMENT,
    options: { 'per-unit': { required: 'USDT' } },
    usage: '--per-unit 1.5',
    help: 'Fund the next Rock reward month of a running round (USDT per matched Rock unit).',
    input: z.object({ fundId, 'per-unit': decimal }),
    run: async (ctx, input) => {
      const r = await fundRewardMonth(depsOf(ctx), input.fundId, input['per-unit']);
      return { period: r.period, total: usdt(r.total), txHash: r.txHash };
    },
    format: (r) => `period ${r.period} funded with ${r.total} USDT (tx ${r.txHash})`,
  }),
  'binfi/stoploss': opsCommand({
    argument: FUND_ARGUMENT,
    help: "Execute a running round's stop-loss: Rock's reward ends, 3 days to settle.",
    input: z.object({ fundId }),
    run: async (ctx, input) => ({ txHash: await stopLossRound(depsOf(ctx), input.fundId) }),
    format: (r) => `stop-loss executed (tx ${r.txHash})`,
  }),
  'binfi/settle': opsCommand({
    argument: FUND_ARGUMENT,
    options: { rock: { required: 'USDT' }, flame: { required: 'USDT' } },
    usage: '--rock 101 --flame 97.5',
    help: "Settle a matured or stopped-out round at each side's payout per unit (capital and result).",
    input: z.object({ fundId, rock: decimal, flame: decimal }),
    run: async (ctx, input) => {
      const r = await settleRound(depsOf(ctx), input.fundId, input.rock, input.flame);
      return { total: usdt(r.total), txHash: r.txHash };
    },
    format: (r) => `settled, ${r.total} USDT funded (tx ${r.txHash})`,
  }),
  'binfi/redeem-pay': opsCommand({
    options: { 'per-unit': { required: 'USDT' }, limit: {} },
    usage: '--per-unit 100.5 [--limit N]',
    help: 'Pay the next queued Rock redemptions (first in, first out), each its units x per-unit.',
    input: z.object({ 'per-unit': decimal, limit: count(100).default(100) }),
    run: async (ctx, input) => {
      const r = await payRedemptionQueue(depsOf(ctx), input['per-unit'], input.limit);
      return { paid: r.paid, total: usdt(r.total) };
    },
    format: (r) => (r.paid === 0 ? 'no redemption queued' : `${r.paid} paid, ${r.total} USDT`),
  }),
  'binfi/invite': opsCommand({
    argument: FUND_ARGUMENT,
    help: 'The invite link to a private round: a member who opens it (logged in) sees the round and may join it while it raises.',
    input: z.object({ fundId }),
    run: async (ctx, input) => {
      const wallet = walletOf(ctx);
      const round = await roundRow(ctx.db, wallet.config.chainId, input.fundId);
      if (!round) throw new Error(`round ${input.fundId} is not indexed`);
      if (!round.isPrivate) throw new Error(`round ${input.fundId} is public: no invite needed`);
      const invite = await signInvite(wallet.config, input.fundId);
      const origin = ctx.appOrigin ?? DEFAULT_APP_ORIGIN;
      return {
        fundId: input.fundId,
        raiseEnd: round.raiseEnd.toISOString(),
        link: `${origin}/bin-fi/detail/${input.fundId}/supply?invite=${invite}`,
      };
    },
    format: (r) => `${r.link}\n(valid for joining until the raise ends, ${r.raiseEnd})`,
  }),
  'binfi/seed': opsCommand({
    help: 'Create the demo rounds (raising BinFi and Galaxy, running, settled) when the pool has none (local chain only).',
    input: z.object({}),
    run: async (ctx) => seedDemoRounds(depsOf(ctx)),
    format: (r) =>
      r.skipped ? 'the pool has rounds: nothing seeded' : `rounds ${r.created.join(', ')} created`,
  }),
  'binfi/run': opsCommand({
    help: 'Run the binfi-rounds job now (match, next-day refunds and start, maturity, deadlines, payouts).',
    input: z.object({}),
    run: async (ctx) => exclusive(ctx, () => runBinfiRounds(depsOf(ctx), ctx.clock.now())),
  }),
};
