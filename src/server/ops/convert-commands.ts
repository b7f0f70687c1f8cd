import { z } from 'zod';
import { quoteView } from '../domain/wallet/convert';
import { opsCommand, walletOf } from './command';

/**
 * Operator commands of the conversion:
 * - `price/set` (--price 0.55): set the local price feed's BCNT price in USDT; every quote made
 *   before it is then stale ("BCNT price has been updated").
 * - `price/show`: the current BCNT quote.
 */

export const convertOpsCommands = {
  'price/set': opsCommand({
    options: { price: {} },
    usage: '--price <USDT>',
    help: `Set the BCNT price of the local price feed (quotes made before it
are refused as stale).`,
    input: z.object({
      price: z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,18})?$/, { message: 'a positive decimal, at most 18 decimals' })
        .refine((value) => /[1-9]/.test(value), { message: 'the price must be above zero' }),
    }),
    run: async (ctx, input) => quoteView(await walletOf(ctx).prices.setBcntPrice(input.price)),
  }),
  'price/show': opsCommand({
    help: 'The current BCNT quote.',
    input: z.object({}),
    run: async (ctx) => quoteView(await walletOf(ctx).prices.quote('BCNT')),
  }),
} as const;
