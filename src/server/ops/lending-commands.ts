import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { lendingSubscriptions, members } from '../db/schema';
import { createLocalOutbox } from '../domain/auth/outbox';
import { LENDING_BILLING_TASK, runBilling } from '../domain/lending/billing';
import { LENDING_BOT_TASK, runBot } from '../domain/lending/bot';
import { withLease } from '../domain/wallet/leases';
import { TaskBusy } from '../scheduler';
import { type LendingDeps, lendingDepsOf } from '../domain/lending/context';
import { seedLendingProducts } from '../domain/lending/seed';
import { fromUnits, toUnits } from '../exchange/decimal';
import { type OpsContext, opsCommand, walletOf } from './command';

/**
 * Operator commands of the lending bot:
 *
 * - `lending/seed`: the lending product (USDT, 5 USDT per 30 days, 14-day trial) when there is
 *   none (start.ts seeds it outside production);
 * - `lending/run`: the `lending-billing` job, then the `lending-bot` cycle of every due
 *   subscription, now (after a `clock advance`, to see the result at once);
 * - `lending/fund <account> --amount 1000 [--currency UST]`: add to (or with a minus take from)
 *   the funding wallet of a paper exchange account (the wallet the bot lends from; UST is USDT);
 * - `lending/list [--email E]`: subscriptions with their state, period and idle amount.
 */

/** Under the same lease as the API's scheduler task: one billing run and one bot at a time. */
function exclusive<T>(ctx: OpsContext, task: string, work: () => Promise<T>): Promise<T> {
  if (ctx.scheduler) return ctx.scheduler.runExclusive(task, work);
  return withLease(ctx.db, ctx.clock, `task:${task}`, work).then((outcome) => {
    if (!outcome.ran) throw new TaskBusy(task);
    return outcome.result;
  });
}

function depsOf(ctx: OpsContext): LendingDeps {
  return lendingDepsOf(walletOf(ctx), ctx.outbox ?? createLocalOutbox(ctx.db, ctx.clock));
}

const amount = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d{1,8})?$/, { message: 'an amount with at most 8 decimals, e.g. 1000' });

export const lendingOpsCommands = {
  'lending/seed': opsCommand({
    help: 'Create the lending product (USDT lending bot) when there is none.',
    input: z.object({}),
    run: async (ctx) => ({ created: await seedLendingProducts(ctx.db, ctx.clock) }),
    format: (data) =>
      data.created > 0 ? 'Created the lending product.' : 'A lending product exists already.',
  }),
  'lending/run': opsCommand({
    help: `Run the lending billing (renewals, ends, notices) and the bot's due cycles now.`,
    input: z.object({}),
    run: async (ctx) => {
      const deps = depsOf(ctx);
      const now = ctx.clock.now();
      const billing = await exclusive(ctx, LENDING_BILLING_TASK, () => runBilling(deps, now));
      const cycles = await exclusive(ctx, LENDING_BOT_TASK, () => runBot(deps, now));
      return { billing, cycles };
    },
    format: (data) =>
      [
        `Billing: ${data.billing.renewed} renewed, ${data.billing.ended} ended, ` +
          `${data.billing.warned} warned`,
        ...data.cycles.map(
          (cycle) =>
            `Subscription ${cycle.subscriptionId}: ${cycle.outcome}, ${cycle.placed} offers placed`,
        ),
      ].join('\n'),
  }),
  'lending/fund': opsCommand({
    argument: { name: 'account', what: 'exchange account name' },
    options: { amount: { required: '1000' }, currency: { default: () => 'UST' } },
    usage: '--amount 1000 [--currency UST]',
    help: 'Add to (or with a minus take from) the funding wallet of a paper exchange account.',
    input: z.object({
      account: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9._@-]{1,64}$/, { message: 'letters, digits and . _ @ - (at most 64)' }),
      amount,
      currency: z.enum(['UST', 'BTC']).default('UST'),
    }),
    run: async (ctx, input) => {
      const paper = walletOf(ctx).paperExchange;
      if (!paper || !paper.url) {
        throw new Error(
          'the paper exchange runs inside the API (EXCHANGE=paper): start it (npm run dev) and ' +
            'run this command again',
        );
      }
      const account = paper.engine.account(input.account);
      const balance = paper.engine.funding.fund(account.id, input.currency, toUnits(input.amount));
      return { account: input.account, currency: input.currency, funding: fromUnits(balance) };
    },
  }),
  'lending/list': opsCommand({
    options: { email: {} },
    usage: '[--email member@example.com]',
    help: 'Lending subscriptions: member, state, period end, auto-renew, idle amount.',
    input: z.object({ email: z.string().trim().toLowerCase().optional() }),
    run: async (ctx, input) => {
      const rows = await ctx.db
        .select({ sub: lendingSubscriptions, email: members.email })
        .from(lendingSubscriptions)
        .innerJoin(members, eq(members.id, lendingSubscriptions.memberId))
        .where(input.email ? eq(members.email, input.email) : undefined)
        .orderBy(asc(lendingSubscriptions.id));
      return rows.map(({ sub, email }) => ({
        id: sub.id,
        email,
        strategyId: sub.strategyId,
        state: sub.state,
        endReason: sub.endReason,
        periodNumber: sub.periodNumber,
        periodEndsAt: sub.periodEndsAt.toISOString(),
        autoRenew: sub.autoRenew,
        suspended: sub.suspended,
        idleAmount: fromUnits(BigInt(sub.idleAmount)),
        feeCurrency: sub.feeCurrency,
      }));
    },
  }),
};
