/**
 * Development-only calls (`/dev/*`, never registered in production): the faucet of the local
 * chain. The dev clock's schemas are in loyalty.ts (devClockAdvanceBodySchema), where the
 * cooldown flows that first needed them live. One source for the server's validation, the
 * operator CLI (`npm run ops -- faucet`) and the dev contracts page.
 *
 * Amounts are decimal strings in whole units ("0.5" ETH, "1000" BCNT), never floats.
 */
import * as z from 'zod/mini';
import { addressSchema } from './auth';

/** At most this much of one asset per faucet call (whole units), so a typo cannot overflow. */
export const FAUCET_MAX_UNITS = 1_000_000_000;

/** A positive decimal in whole units with at most 18 decimals, up to FAUCET_MAX_UNITS. */
export const faucetAmountSchema = z.string().check(
  z.trim(),
  z.regex(/^\d{1,10}(\.\d{1,18})?$/, 'expected a decimal amount, e.g. 10 or 0.5'),
  z.refine((value) => /[1-9]/.test(value), 'must be above zero'),
  z.refine((value) => Number(value) <= FAUCET_MAX_UNITS, `at most ${FAUCET_MAX_UNITS}`),
);

// ---- POST /dev/faucet ----------------------------------------------------------------------------
export const faucetBodySchema = z
  .object({
    address: addressSchema,
    eth: z.optional(faucetAmountSchema),
    bcnt: z.optional(faucetAmountSchema),
    usdt: z.optional(faucetAmountSchema),
  })
  .check(
    z.refine(
      (body) => body.eth !== undefined || body.bcnt !== undefined || body.usdt !== undefined,
      {
        message: 'give at least one of eth, bcnt, usdt',
      },
    ),
  );
export type FaucetBody = z.infer<typeof faucetBodySchema>;

export const FAUCET_ASSETS = ['eth', 'bcnt', 'usdt'] as const;
export type FaucetAsset = (typeof FAUCET_ASSETS)[number];

/**
 * How an asset reached the address: `setBalance` (anvil_setBalance, ETH), `treasury` (a transfer
 * from the treasury, account 0), `storage` (the token's balance slot written: a token of a forked
 * chain the treasury does not hold).
 */
export const faucetMethodSchema = z.enum(['setBalance', 'treasury', 'storage']);

export const faucetGrantSchema = z.object({
  asset: z.enum(FAUCET_ASSETS),
  /** the token contract (null for ETH) */
  token: z.nullable(z.string()),
  /** what was added, whole units */
  amount: z.string(),
  /** the address's balance afterwards, whole units */
  balance: z.string(),
  method: faucetMethodSchema,
  /** the transfer's hash (method treasury) */
  txHash: z.nullable(z.string()),
});
export type FaucetGrant = z.infer<typeof faucetGrantSchema>;

export const faucetResultSchema = z.object({
  address: z.string(),
  chainId: z.number(),
  grants: z.array(faucetGrantSchema),
});
export type FaucetResult = z.infer<typeof faucetResultSchema>;
