import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STAKE_THRESHOLDS as T,
  deriveMemberLevel,
  isKycVerified,
  memberLevel,
  nextStakeLevel,
  stakeLevel,
  withLoyaltyLevel,
} from './levels';

const bcnt = (n: number) => BigInt(n) * 10n ** 18n;

describe('member level from roleId', () => {
  it('follows the bit rules of the spec, highest bit first', () => {
    expect(memberLevel(0)).toBe(0);
    expect(memberLevel(2)).toBe(0);
    expect(memberLevel(64 | 2)).toBe(1);
    expect(memberLevel(64 | 2048)).toBe(2);
    expect(memberLevel(64 | 4096)).toBe(3);
    expect(memberLevel(64 | 8192 | 2048)).toBe(4);
    expect(isKycVerified(64)).toBe(true);
    expect(isKycVerified(2 | 2048)).toBe(false);
  });

  it('replaces only the loyalty bits when the derived level changes', () => {
    expect(withLoyaltyLevel(2 | 64 | 2048, 3)).toBe(2 | 64 | 4096);
    expect(withLoyaltyLevel(2 | 64 | 8192, 0)).toBe(2 | 64);
    expect(withLoyaltyLevel(2 | 64, 4)).toBe(2 | 64 | 8192);
  });
});

describe('stake levels', () => {
  it('reaches level 2, 3 and 4 exactly at the thresholds', () => {
    expect(stakeLevel(bcnt(9_999), T)).toBe(0);
    expect(stakeLevel(bcnt(10_000), T)).toBe(2);
    expect(stakeLevel(bcnt(49_999), T)).toBe(2);
    expect(stakeLevel(bcnt(50_000), T)).toBe(3);
    expect(stakeLevel(bcnt(200_000), T)).toBe(4);
  });

  it('tells the BCNT needed for the next level', () => {
    expect(nextStakeLevel(0n, T)).toEqual({ level: 2, needed: bcnt(10_000) });
    expect(nextStakeLevel(bcnt(12_000), T)).toEqual({ level: 3, needed: bcnt(38_000) });
    expect(nextStakeLevel(bcnt(200_000), T)).toBeNull();
  });
});

describe('deriveMemberLevel', () => {
  it('needs KYC for any level and takes the highest of staking and the Alliance NFT', () => {
    expect(deriveMemberLevel({ kycVerified: false, stakeLevel: 4, allianceNft: true })).toBe(0);
    expect(deriveMemberLevel({ kycVerified: true, stakeLevel: 0, allianceNft: false })).toBe(1);
    expect(deriveMemberLevel({ kycVerified: true, stakeLevel: 2, allianceNft: false })).toBe(2);
    expect(deriveMemberLevel({ kycVerified: true, stakeLevel: 2, allianceNft: true })).toBe(3);
    expect(deriveMemberLevel({ kycVerified: true, stakeLevel: 4, allianceNft: true })).toBe(4);
  });
});
