import {
  nextStakeLevel,
  stakeLevel,
  type LoyaltyLevel,
  type MemberLevel,
  type StakeThresholds,
} from '../../../shared/membership/levels';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';
import { tokenAmountToUnits } from './bcnt-amount';

export const MEMBER_LEVELS = [0, 1, 2, 3, 4] as const satisfies readonly MemberLevel[];

/** The thresholds of a status answer (decimal strings) as atomic units. */
export function statusThresholds(status: LoyaltyStatus): StakeThresholds {
  return {
    level2: tokenAmountToUnits(status.thresholds.level2),
    level3: tokenAmountToUnits(status.thresholds.level3),
    level4: tokenAmountToUnits(status.thresholds.level4),
  };
}

export type NextLevel = { kind: 'next'; level: number; needed: bigint } | { kind: 'top' };

/** The server's next staking level of the member (all linked wallets together). */
export function nextLevelFromStatus(status: LoyaltyStatus): NextLevel {
  if (status.nextLevel === null) return { kind: 'top' };
  return {
    kind: 'next',
    level: status.nextLevel.level,
    needed: tokenAmountToUnits(status.nextLevel.needed),
  };
}

/**
 * For a visitor (or while logged out): the next level of the connected wallet alone, from its
 * staked + cooling amount (`levelAmountOf`) and the contract's thresholds.
 */
export function nextLevelFromWallet(levelAmount: bigint, thresholds: StakeThresholds): NextLevel {
  const next = nextStakeLevel(levelAmount, thresholds);
  return next ? { kind: 'next', level: next.level, needed: next.needed } : { kind: 'top' };
}

/** The staking level one wallet's counted amount reaches on its own. */
export function walletStakeLevel(levelAmount: bigint, thresholds: StakeThresholds): LoyaltyLevel {
  return stakeLevel(levelAmount, thresholds);
}

/** True when `address` is one of the member's wallets (addresses compared case-insensitively). */
export function isLinkedWallet(
  address: string | undefined,
  wallets: readonly { address: string }[],
): boolean {
  if (!address) return false;
  const wanted = address.toLowerCase();
  return wallets.some((wallet) => wallet.address.toLowerCase() === wanted);
}
