import { z } from 'zod';
import { faucetAmountSchema, type FaucetResult } from '../../shared/api/dev';
import {
  advanceClocks,
  type ClockReading,
  DevChainError,
  parseDuration,
  readClocks,
  runFaucet,
} from '../routes/dev/dev-chain';
import { type OpsContext, OpsCommandError, opsCommand, walletOf } from './command';

/**
 * Developer commands of the local chain (never in production: they refuse there, and on any node
 * that is not anvil): the faucet and time travel. Time travel moves the running API's clock, so
 * it only works through the API (`npm run dev` running on the same DATA_DIR: the CLI sends it
 * there); the server clock and the chain move together, as POST /dev/clock/advance does.
 */

/** The chain of the context, refusing production. */
function devChain(ctx: OpsContext): { rpcUrl: string; chainId: number } {
  const { config } = walletOf(ctx);
  if (config.nodeEnv === 'production')
    throw new OpsCommandError('the developer commands do not run in production', false);
  return { rpcUrl: config.rpcUrl, chainId: config.chainId };
}

/** A dev tool's refusal as the CLI prints it (exit 1). */
async function orRefusal<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DevChainError) throw new OpsCommandError(error.message, false);
    throw error;
  }
}

function formatClocks(reading: ClockReading): string {
  return [
    `Server clock: ${reading.now}`,
    `Chain time:   ${reading.chainTime ?? '(not an anvil chain, or it does not answer)'}`,
  ].join('\n');
}

function formatFaucet(result: FaucetResult): string {
  const how = {
    setBalance: 'anvil_setBalance',
    treasury: 'from the treasury',
    storage: 'balance slot written',
  };
  return [
    `Faucet on chain ${result.chainId} -> ${result.address}`,
    ...result.grants.map(
      (grant) =>
        `  +${grant.amount} ${grant.asset.toUpperCase()} (${how[grant.method]}${
          grant.txHash ? `, tx ${grant.txHash}` : ''
        }): balance ${grant.balance}`,
    ),
  ].join('\n');
}

const durationSchema = z
  .string()
  .trim()
  .transform((text, context) => {
    const seconds = parseDuration(text);
    if (seconds === undefined || seconds <= 0 || seconds > 400 * 86_400) {
      context.addIssue({
        code: 'custom',
        message: 'expected a duration up to 400d, e.g. 14d, 1h, 30m, 2w or a number of seconds',
      });
      return z.NEVER;
    }
    return seconds;
  });

export const devOpsCommands = {
  faucet: opsCommand({
    argument: { name: 'address', what: 'address to fund (0x...)' },
    options: { eth: {}, bcnt: {}, usdt: {} },
    usage: '[--eth N] [--bcnt N] [--usdt N]',
    help: `Local chain only: give an address test ETH (anvil_setBalance),
BCNT and USDT (from the treasury, or by writing the token's balance
slot on a fork). Without options: 10 ETH, 10000 BCNT, 10000 USDT.`,
    input: z
      .object({
        address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'expected a 0x address' }),
        eth: z.string().optional(),
        bcnt: z.string().optional(),
        usdt: z.string().optional(),
      })
      .transform((input, context) => {
        const given =
          input.eth !== undefined || input.bcnt !== undefined || input.usdt !== undefined;
        const amounts = given ? input : { ...input, eth: '10', bcnt: '10000', usdt: '10000' };
        for (const asset of ['eth', 'bcnt', 'usdt'] as const) {
          const value = amounts[asset];
          if (value !== undefined && !faucetAmountSchema.safeParse(value).success)
            context.addIssue({
              code: 'custom',
              path: [asset],
              message: 'expected a positive decimal amount up to 1000000000, e.g. 10 or 0.5',
            });
        }
        return amounts;
      }),
    run: (ctx, input) => orRefusal(runFaucet(devChain(ctx), input)),
    format: formatFaucet,
  }),
  'clock/advance': opsCommand({
    argument: { name: 'duration', what: 'duration (e.g. 14d, 1h, 30m, 2w or seconds)' },
    help: `Move the running API's clock and the chain's time forward together
(evm_increaseTime + a mined block), e.g. "clock advance 14d".`,
    input: z.object({ duration: durationSchema }),
    run: (ctx, input) => orRefusal(advanceClocks(devChain(ctx).rpcUrl, ctx.clock, input.duration)),
    format: formatClocks,
  }),
  'clock/show': opsCommand({
    help: 'Show the server clock and the chain time.',
    input: z.object({}),
    run: (ctx) => readClocks(devChain(ctx).rpcUrl, ctx.clock),
    format: formatClocks,
  }),
} as const;
