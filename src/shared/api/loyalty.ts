/**
 * Loyalty calls (spec platform-account-wallet section 7 "loyalty alliance", products-programs
 * sections 3, 4, 7): the loyalty rate setting, the member's loyalty status, and the Alliance NFT
 * check / register / unregister. One source for the server's validation and the browser's
 * response parsing.
 *
 * Amounts of BCNT are decimal strings in token units ("12000.5"), never floats.
 * Times are ISO 8601 strings (UTC).
 */
import * as z from 'zod/mini';
import { addressSchema } from './auth';

const int = () => z.number().check(z.int());
/** a non-negative decimal string in token units, e.g. "10000" or "0.25" */
export const tokenAmountSchema = z.string().check(z.regex(/^\d+(\.\d+)?$/));

// ---- GET /api/v1/common/loyalty ----------------------------------------------------------------
/** Annual rates in percent (e.g. 6.5 = 6.5 %) of one currency at loyalty levels 1-4. */
export const loyaltyRateSchema = z.object({
  currencyName: z.string(),
  lv1Rate: z.number(),
  lv2Rate: z.number(),
  lv3Rate: z.number(),
  lv4Rate: z.number(),
});
export type LoyaltyRate = z.infer<typeof loyaltyRateSchema>;
/** `fixed`: Stable Income; `pro`: Stable Income Pro. */
export const loyaltySettingSchema = z.object({
  fixed: z.array(loyaltyRateSchema),
  pro: z.array(loyaltyRateSchema),
});
export type LoyaltySetting = z.infer<typeof loyaltySettingSchema>;

// ---- GET /member/loyalty/status (authenticated) ------------------------------------------------
/** An unstake request of one of the member's linked wallets, as indexed from the chain. */
export const unstakeRequestSchema = z.object({
  requestId: z.string(),
  address: z.string(),
  amount: tokenAmountSchema,
  unlockAt: z.string(),
  withdrawn: z.boolean(),
});
export type UnstakeRequestInfo = z.infer<typeof unstakeRequestSchema>;

export const stakeWalletSchema = z.object({
  address: z.string(),
  /** staked, not requested for unstake */
  staked: tokenAmountSchema,
  /** in unstake requests still in their 14-day cooldown (they still count for the level) */
  cooling: tokenAmountSchema,
});

export const allianceRegistrationSchema = z.object({
  address: z.string(),
  tokenId: z.string(),
  registeredAt: z.string(),
});
export type AllianceRegistration = z.infer<typeof allianceRegistrationSchema>;

export const loyaltyStatusSchema = z.object({
  /** member level 0-4 (the same as memberLevel(roleId)) */
  level: int(),
  roleId: int(),
  /** level 1 (identity verified): staking and the NFT count only with it */
  kycVerified: z.boolean(),
  /** 0, 2, 3 or 4 from the counted stake of all linked wallets */
  stakeLevel: int(),
  /** 3 while an Alliance NFT registration is active, else 0 */
  allianceLevel: int(),
  /**
   * staked + cooling over all linked wallets plus the custodial stake: the amount that counts
   * for the level
   */
  countedStake: tokenAmountSchema,
  /**
   * BCNT staked in the custodial wallet (POST /api/v1/user/wallet/stake), unstake requests in
   * their 14-day cooldown included; part of `countedStake`. Optional for older answers.
   */
  custodialStaked: z.optional(tokenAmountSchema),
  thresholds: z.object({
    level2: tokenAmountSchema,
    level3: tokenAmountSchema,
    level4: tokenAmountSchema,
  }),
  /** the next staking level and the BCNT still needed; null at level 4 */
  nextLevel: z.nullable(z.object({ level: int(), needed: tokenAmountSchema })),
  wallets: z.array(stakeWalletSchema),
  /** open and recent unstake requests of the linked wallets, newest first */
  requests: z.array(unstakeRequestSchema),
  alliance: z.nullable(allianceRegistrationSchema),
  /**
   * When there is no active registration: the member's most recent one that ended in the last
   * 30 days and why ('unregistered' by the member, 'transferred' when the NFT left the address).
   */
  allianceEnded: z.optional(
    z.nullable(
      z.object({
        address: z.string(),
        tokenId: z.string(),
        endedAt: z.string(),
        reason: z.enum(['unregistered', 'transferred']),
      }),
    ),
  ),
  /** the chain and the last block the server's indexer has confirmed */
  chainId: int(),
  indexedBlock: z.string(),
});
export type LoyaltyStatus = z.infer<typeof loyaltyStatusSchema>;

// ---- GET /member/loyalty/alliance/check?address= (authenticated) -------------------------------
export const allianceCheckQuerySchema = z.object({ address: addressSchema });
export const allianceCheckResultSchema = z.object({
  address: z.string(),
  /** the address holds at least one Alliance NFT now (on chain) */
  holdsNft: z.boolean(),
  tokenIds: z.array(z.string()),
  /** the address is registered (active) for this member */
  registered: z.boolean(),
  /** the address is registered by another member */
  registeredElsewhere: z.boolean(),
});
export type AllianceCheckResult = z.infer<typeof allianceCheckResultSchema>;

// ---- POST /member/loyalty/alliance/register (authenticated) ------------------------------------
// The message is an EIP-4361 message built from POST /member/siwe/nonce with purpose "alliance".
export const allianceRegisterBodySchema = z.object({
  address: addressSchema,
  message: z.string().check(z.minLength(1), z.maxLength(4000)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/), z.maxLength(20000)),
  /** the client's signing time in ms since the epoch (the message's issuedAt is what counts) */
  ts: int(),
});
export const allianceRegisterResultSchema = allianceRegistrationSchema;

// ---- PATCH /member/loyalty/alliance/unregister (authenticated) ---------------------------------
export const allianceUnregisterResultSchema = z.object({ unregistered: z.literal(true) });

// ---- POST /dev/clock/advance, GET /dev/clock (not in production) -------------------------------
export const devClockAdvanceBodySchema = z.object({
  seconds: z.number().check(z.int(), z.positive(), z.lte(400 * 24 * 3600)),
});
export const devClockResultSchema = z.object({
  /** the server clock */
  now: z.string(),
  /** the latest block's timestamp on the local chain (ISO), when it answers */
  chainTime: z.nullable(z.string()),
});

/** Refusals of the loyalty calls (the envelope's message; the browser translates them). */
export const LoyaltyError = {
  /** register: the signing address holds no Alliance NFT on chain */
  noNft: 'alliance_no_nft',
  /** register: the address is registered by another member */
  taken: 'alliance_taken',
  /** unregister: there is no active registration */
  notRegistered: 'alliance_not_registered',
  /** register: the message's address differs from `address` */
  addressMismatch: 'alliance_address_mismatch',
} as const;
