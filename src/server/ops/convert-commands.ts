import { z } from 'zod';
import { quoteView } from '../domain/wallet/convert';
import type { WalletDeps } from '../plugins/wallet';
import type { OpsContext } from './commands';

/**
 * Operator commands of the conversion (merged into opsCommands in commands.ts):
 * - `price/set` (--price 0.55): set the local price feed's BCNT price in USDT; every quote made
 *   before it is then stale ("BCNT price has been updated").
 * - `price/show`: the current BCNT quote.
 */

function wallet(ctx: OpsContext): WalletDeps {
  if (!ctx.wallet)
    throw new Error(
      'this command needs the wallet services (run it through the API or with DATABASE_URL)',
    );
  return ctx.wallet;
}

export const convertOpsCommands = {
  'price/set': {
    input: z.object({
      price: z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,18})?$/, { message: 'a positive decimal, at most 18 decimals' })
        .refine((value) => /[1-9]/.test(value), { message: 'the price must be above zero' }),
    }),
    run: async (ctx: OpsContext, input: { price: string }) =>
      quoteView(await wallet(ctx).prices.setBcntPrice(input.price)),
  },
  'price/show': {
    input: z.object({}),
    run: async (ctx: OpsContext) => quoteView(await wallet(ctx).prices.quote('BCNT')),
  },
} as const;
