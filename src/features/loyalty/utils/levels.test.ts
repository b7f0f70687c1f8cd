import { describe, expect, it } from 'vitest';
import { DEFAULT_STAKE_THRESHOLDS } from '../../../shared/membership/levels';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';
import {
  isLinkedWallet,
  nextLevelFromStatus,
  nextLevelFromWallet,
  statusThresholds,
} from './levels';

const BCNT = 10n ** 18n;

function status(overrides: Partial<LoyaltyStatus> = {}): LoyaltyStatus {
  return {
    level: 2,
    roleId: 64 | 2048,
    kycVerified: true,
    stakeLevel: 2,
    allianceLevel: 0,
    countedStake: '12000',
    thresholds: { level2: '10000', level3: '50000', level4: '200000' },
    nextLevel: { level: 3, needed: '38000' },
    wallets: [],
    requests: [],
    alliance: null,
    chainId: 31337,
    indexedBlock: '1',
    ...overrides,
  };
}

describe('loyalty levels in the panel', () => {
  it('next level from the server status, or the top', () => {
    expect(nextLevelFromStatus(status())).toEqual({
      kind: 'next',
      level: 3,
      needed: 38_000n * BCNT,
    });
    expect(nextLevelFromStatus(status({ nextLevel: null }))).toEqual({ kind: 'top' });
  });

  it('next level of a wallet from its counted amount and the contract thresholds', () => {
    expect(nextLevelFromWallet(0n, DEFAULT_STAKE_THRESHOLDS)).toEqual({
      kind: 'next',
      level: 2,
      needed: 10_000n * BCNT,
    });
    expect(nextLevelFromWallet(60_000n * BCNT, DEFAULT_STAKE_THRESHOLDS)).toEqual({
      kind: 'next',
      level: 4,
      needed: 140_000n * BCNT,
    });
    expect(nextLevelFromWallet(200_000n * BCNT, DEFAULT_STAKE_THRESHOLDS)).toEqual({ kind: 'top' });
  });

  it('status thresholds as atomic units', () => {
    expect(statusThresholds(status())).toEqual(DEFAULT_STAKE_THRESHOLDS);
  });

  it('linked wallets compare case-insensitively', () => {
    const wallets = [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }];
    expect(isLinkedWallet('0x70997970c51812dc3a010c7d01b50e0d17dc79c8', wallets)).toBe(true);
    expect(isLinkedWallet('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', wallets)).toBe(false);
    expect(isLinkedWallet(undefined, wallets)).toBe(false);
  });
});
