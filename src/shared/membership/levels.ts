/**
 * Role bits and member levels (spec platform-account-wallet section 3, products-programs
 * section 4). The same functions decide levels in the browser and on the server.
 */

/** Role bit flags of spec section 3. */
export const ROLE = {
  trader: 1,
  investor: 2,
  business: 4,
  tester: 8,
  simulator: 16,
  admin: 32,
  kyc2: 64,
  kol: 128,
  manager: 256,
  coolbitxManager: 512,
  support: 1024,
  level2Member: 2048,
  level3Member: 4096,
  level4Member: 8192,
} as const;

export type MemberLevel = 0 | 1 | 2 | 3 | 4;
/** Levels reached on chain: by BCNT staking (2-4) or the Alliance NFT (3); 0 = none. */
export type LoyaltyLevel = 0 | 2 | 3 | 4;

/** The loyalty bits (levels 2-4): derived, never stored as granted roles. */
export const LOYALTY_LEVEL_BITS = ROLE.level2Member | ROLE.level3Member | ROLE.level4Member;

/** Member level from roleId: 8192 -> 4, 4096 -> 3, 2048 -> 2, 64 -> 1, else 0. */
export function memberLevel(roleId: number): MemberLevel {
  if (roleId & ROLE.level4Member) return 4;
  if (roleId & ROLE.level3Member) return 3;
  if (roleId & ROLE.level2Member) return 2;
  if (roleId & ROLE.kyc2) return 1;
  return 0;
}

/** Identity verified (level 1): the kyc2 bit, which the premier member check also uses. */
export function isKycVerified(roleId: number): boolean {
  return (roleId & ROLE.kyc2) !== 0;
}

/** The roleId bit of a loyalty level (0 for none). */
export function loyaltyLevelBit(level: LoyaltyLevel): number {
  switch (level) {
    case 4:
      return ROLE.level4Member;
    case 3:
      return ROLE.level3Member;
    case 2:
      return ROLE.level2Member;
    default:
      return 0;
  }
}

/** roleId with its loyalty bits replaced by the bit of `level`. */
export function withLoyaltyLevel(roleId: number, level: LoyaltyLevel): number {
  return (roleId & ~LOYALTY_LEVEL_BITS) | loyaltyLevelBit(level);
}

/** BCNT thresholds (atomic units, 18 decimals) of levels 2, 3 and 4 on the staking contract. */
export interface StakeThresholds {
  level2: bigint;
  level3: bigint;
  level4: bigint;
}

const BCNT = 10n ** 18n;

/** The staking contract's initial thresholds: 10,000 / 50,000 / 200,000 BCNT. */
export const DEFAULT_STAKE_THRESHOLDS: StakeThresholds = {
  level2: 10_000n * BCNT,
  level3: 50_000n * BCNT,
  level4: 200_000n * BCNT,
};

/** The level an amount that counts (staked + pending in cooldown) reaches. */
export function stakeLevel(amount: bigint, thresholds: StakeThresholds): LoyaltyLevel {
  if (amount >= thresholds.level4) return 4;
  if (amount >= thresholds.level3) return 3;
  if (amount >= thresholds.level2) return 2;
  return 0;
}

/** The next level above `amount` and the BCNT still needed for it; null at level 4. */
export function nextStakeLevel(
  amount: bigint,
  thresholds: StakeThresholds,
): { level: 2 | 3 | 4; needed: bigint } | null {
  for (const level of [2, 3, 4] as const) {
    const threshold = thresholds[`level${level}`];
    if (amount < threshold) return { level, needed: threshold - amount };
  }
  return null;
}

/**
 * The member's level from its parts: level 1 needs identity verification (KYC); loyalty levels
 * (staking, Alliance NFT) count only on top of it; the highest applies.
 */
export function deriveMemberLevel(parts: {
  kycVerified: boolean;
  stakeLevel: LoyaltyLevel;
  allianceNft: boolean;
}): MemberLevel {
  if (!parts.kycVerified) return 0;
  const nft: LoyaltyLevel = parts.allianceNft ? 3 : 0;
  const loyalty = Math.max(parts.stakeLevel, nft) as LoyaltyLevel;
  return loyalty === 0 ? 1 : loyalty;
}
