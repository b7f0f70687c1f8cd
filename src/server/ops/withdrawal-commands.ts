import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '../../shared/api/wallet-withdraw';
import {
  failWithdrawalBySupport,
  listWithdrawals,
  processWithdrawals,
  type ProcessResult,
  WITHDRAWALS_TASK,
} from '../domain/wallet/withdrawal-processing';
import { withLease } from '../domain/wallet/leases';
import { TaskBusy } from '../scheduler';
import { type OpsContext, opsCommand, walletOf } from './command';

/**
 * Operator commands of withdrawals:
 *
 * - `withdrawals/list [--state queued|processing|broadcast|completed|failed] [--limit 50]`
 * - `withdrawals/run [--wait] [--timeout 120]`: send every queued withdrawal now, whatever its
 *   due time, then check confirmations; with `--wait`, keep checking (every second) until
 *   nothing is waiting or the timeout passes.
 * - `withdrawals/fail --id N [--reason text]`: support refunds a withdrawal that has not been
 *   signed yet (queued, or claimed without a signed transaction).
 */

async function run(ctx: OpsContext, input: { wait: boolean; timeout: number }) {
  const wallet = walletOf(ctx);
  const deps = { wallet, payouts: wallet.payouts };
  const total: ProcessResult = { claimed: 0, broadcast: 0, completed: 0, failed: 0, waiting: 0 };
  const add = (r: ProcessResult) => {
    total.claimed += r.claimed;
    total.broadcast += r.broadcast;
    total.completed += r.completed;
    total.failed += r.failed;
    total.waiting = r.waiting;
  };
  // The same lease as the API's scheduler task: one sender for the hot wallet at a time.
  const exclusive = <T>(work: () => Promise<T>): Promise<T> =>
    ctx.scheduler
      ? ctx.scheduler.runExclusive(WITHDRAWALS_TASK, work)
      : withLease(deps.wallet.db, deps.wallet.clock, `task:${WITHDRAWALS_TASK}`, work).then(
          (outcome) => {
            if (!outcome.ran) throw new TaskBusy(WITHDRAWALS_TASK);
            return outcome.result;
          },
        );
  add(await exclusive(() => processWithdrawals(deps, { force: true })));
  const deadline = Date.now() + input.timeout * 1000;
  while (input.wait && total.waiting > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    add(await exclusive(() => processWithdrawals(deps)));
  }
  return total;
}

export const withdrawalOpsCommands = {
  'withdrawals/list': opsCommand({
    options: { state: {}, limit: {} },
    usage: '[--state S] [--limit N]',
    help: 'Withdrawals (queued, processing, broadcast, completed, failed).',
    input: z.object({
      state: z.enum(WITHDRAWAL_STATUSES).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
    }),
    run: (ctx, input) => listWithdrawals(ctx.db, { status: input.state, limit: input.limit }),
  }),
  'withdrawals/run': opsCommand({
    options: { timeout: {} },
    flags: ['wait'],
    usage: '[--wait] [--timeout S]',
    help: `Process the withdrawal queue now (not waiting for 10:00 UTC+8 of
the next working day), then record confirmations; --wait polls
until nothing is waiting (direct database access only).`,
    input: z.object({
      wait: z
        .union([z.boolean(), z.enum(['true', 'false', ''])])
        .default(false)
        .transform((value) => value === true || value === 'true' || value === ''),
      timeout: z.coerce.number().int().min(1).max(3600).default(120),
    }),
    run,
  }),
  'withdrawals/fail': opsCommand({
    options: { id: {}, reason: {} },
    usage: '--id N [--reason "..."]',
    help: 'Cancel a queued withdrawal and return the funds.',
    input: z.object({
      id: z.coerce.number().int().positive(),
      reason: z.string().trim().min(1).max(300).default('cancelled by support'),
    }),
    run: (ctx, input) => failWithdrawalBySupport(walletOf(ctx), input.id, input.reason),
  }),
} as const;
