import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { members } from '../db/schema';
import {
  confirmSimulatedDeposits,
  SIMULATED_NETWORKS,
  simulateDeposit,
} from '../domain/wallet/deposit-networks';
import { listDeposits, releaseDeposit } from '../domain/wallet/deposits';
import { type OpsContext, opsCommand, walletOf } from './command';

/**
 * Operator commands of wallet deposits:
 * - `deposits/simulate` (Bitcoin / TRON simulator): a deposit of `amount` arrived at `address`
 *   on `network`, 0 confirmations; optional `txid` (64 hex digits, random by default).
 * - `deposits/confirm`: `blocks` (default 1) more confirmations for the simulated transaction
 *   `txid`, or for every confirming simulated deposit of `network`; credited at BTC 5 / TRC20 12.
 * - `deposits/list`: recent deposits (newest first), optionally of one member (`email`).
 * - `deposits/release`: credit a held deposit (`id`).
 */
const network = z.enum(SIMULATED_NETWORKS);
const amount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'expected a decimal amount, e.g. 0.015');

async function memberIdByEmail(ctx: OpsContext, email: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.email, email.trim().toLowerCase()));
  if (!row) throw new Error(`no member ${email}`);
  return row.id;
}

export const depositOpsCommands = {
  'deposits/simulate': opsCommand({
    options: { network: {}, address: {}, amount: {}, txid: {} },
    usage: '--network BTC_NATIVE_SEGWIT|TRC20 --address <addr> --amount <n> [--txid <hex>]',
    help: `A Bitcoin or TRON deposit arrived at a member's deposit address
(the local network simulator; 0 confirmations).`,
    input: z.object({
      network,
      address: z.string().trim().min(20).max(100),
      amount,
      txid: z.string().trim().optional(),
    }),
    run: (ctx, input) => simulateDeposit(walletOf(ctx), input),
  }),
  'deposits/confirm': opsCommand({
    options: { network: {}, txid: {}, blocks: {} },
    usage: '--network N [--txid <hex>] [--blocks N]',
    help: 'Add confirmations to simulated deposits (credited at 5 BTC / 12 TRC20).',
    input: z.object({
      network,
      txid: z.string().trim().optional(),
      blocks: z.coerce.number().int().min(1).max(1000).default(1),
    }),
    run: (ctx, input) => confirmSimulatedDeposits(walletOf(ctx), input),
  }),
  'deposits/list': opsCommand({
    options: { email: {}, limit: {} },
    usage: '[--email <member>] [--limit N]',
    help: 'Recent deposits (all networks) with status and confirmations.',
    input: z.object({
      email: z.string().trim().min(3).max(254).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
    }),
    run: async (ctx, input) =>
      listDeposits(ctx.db, {
        limit: input.limit,
        ...(input.email ? { memberId: await memberIdByEmail(ctx, input.email) } : {}),
      }),
  }),
  'deposits/release': opsCommand({
    options: { id: {} },
    usage: '--id N',
    help: 'Credit a deposit held over the level-1 deposit limit.',
    input: z.object({ id: z.coerce.number().int().positive() }),
    run: (ctx, input) => releaseDeposit(walletOf(ctx), input.id),
  }),
} as const;
