import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { members } from '../db/schema';
import {
  confirmSimulatedDeposits,
  SIMULATED_NETWORKS,
  simulateDeposit,
} from '../domain/wallet/deposit-networks';
import { listDeposits, releaseDeposit } from '../domain/wallet/deposits';
import { type OpsContext, walletOf } from './commands';

/**
 * Operator commands of wallet deposits (merged into opsCommands in commands.ts):
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
  'deposits/simulate': {
    input: z.object({
      network,
      address: z.string().trim().min(20).max(100),
      amount,
      txid: z.string().trim().optional(),
    }),
    run: (
      ctx: OpsContext,
      input: {
        network: (typeof SIMULATED_NETWORKS)[number];
        address: string;
        amount: string;
        txid?: string | undefined;
      },
    ) => simulateDeposit(walletOf(ctx), input),
  },
  'deposits/confirm': {
    input: z.object({
      network,
      txid: z.string().trim().optional(),
      blocks: z.coerce.number().int().min(1).max(1000).default(1),
    }),
    run: (
      ctx: OpsContext,
      input: {
        network: (typeof SIMULATED_NETWORKS)[number];
        txid?: string | undefined;
        blocks: number;
      },
    ) => confirmSimulatedDeposits(walletOf(ctx), input),
  },
  'deposits/list': {
    input: z.object({
      email: z.string().trim().min(3).max(254).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
    }),
    run: async (ctx: OpsContext, input: { email?: string | undefined; limit: number }) =>
      listDeposits(ctx.db, {
        limit: input.limit,
        ...(input.email ? { memberId: await memberIdByEmail(ctx, input.email) } : {}),
      }),
  },
  'deposits/release': {
    input: z.object({ id: z.coerce.number().int().positive() }),
    run: (ctx: OpsContext, input: { id: number }) => releaseDeposit(walletOf(ctx), input.id),
  },
} as const;
