import { describe, expect, it } from 'vitest';
import {
  bcnt,
  capMonth,
  distributionWindowAt,
  firstPurchaseReward,
  isDistributionDay,
  LEVEL1_REWARD,
  nextDistribution,
  POOL_SIZE,
  SIGNUP_REWARD,
  withinMonthlyCap,
} from './referral-rules';

describe('referral reward amounts', () => {
  it('pays 50 BCNT for the sign-up and 100 each at level 1, from a 100,000 BCNT pool', () => {
    expect(SIGNUP_REWARD).toBe(50n * 10n ** 18n);
    expect(LEVEL1_REWARD).toBe(100n * 10n ** 18n);
    expect(POOL_SIZE).toBe(100_000n * 10n ** 18n);
  });

  it('pays the first-purchase tiers 100 / 200 / 500 BCNT for friends 1-3, 4-7 and 8 on', () => {
    const tiers = Array.from({ length: 12 }, (_, i) => firstPurchaseReward(i + 1) / 10n ** 18n);
    expect(tiers).toEqual([100n, 100n, 100n, 200n, 200n, 200n, 200n, 500n, 500n, 500n, 500n, 500n]);
    expect(firstPurchaseReward(1000)).toBe(bcnt(500));
  });

  it('refuses a rank that is not a whole number from 1', () => {
    expect(() => firstPurchaseReward(0)).toThrow(RangeError);
    expect(() => firstPurchaseReward(1.5)).toThrow(RangeError);
  });
});

describe('the monthly cap', () => {
  it('counts 35 friends a month and no more', () => {
    expect(withinMonthlyCap(0)).toBe(true);
    expect(withinMonthlyCap(34)).toBe(true);
    expect(withinMonthlyCap(35)).toBe(false);
    expect(withinMonthlyCap(40)).toBe(false);
  });

  it('takes the month in UTC+8', () => {
    // 31 March 16:30 UTC is 1 April 00:30 in UTC+8
    expect(capMonth(new Date('2025-03-31T16:30:00Z'))).toBe('2025-04');
    expect(capMonth(new Date('2025-03-31T15:59:59Z'))).toBe('2025-03');
  });
});

describe('distribution windows (Wednesdays and the 5th, until 17:00 UTC+8)', () => {
  it('knows the distribution days', () => {
    expect(isDistributionDay('2025-03-12')).toBe(true); // a Wednesday
    expect(isDistributionDay('2025-04-05')).toBe(true); // the 5th, a Saturday
    expect(isDistributionDay('2025-03-13')).toBe(false); // a Thursday
  });

  it('opens at 00:00 and closes at 17:00 UTC+8', () => {
    // Wednesday 12 March 2025: 00:00 UTC+8 = 11 March 16:00Z, 17:00 UTC+8 = 12 March 09:00Z
    expect(distributionWindowAt(new Date('2025-03-11T15:59:59Z'))).toBeNull();
    expect(distributionWindowAt(new Date('2025-03-11T16:00:00Z'))).toEqual({
      opensAt: new Date('2025-03-11T16:00:00Z'),
      closesAt: new Date('2025-03-12T09:00:00Z'),
    });
    expect(distributionWindowAt(new Date('2025-03-12T08:59:59Z'))).not.toBeNull();
    expect(distributionWindowAt(new Date('2025-03-12T09:00:00Z'))).toBeNull();
  });

  it('names the next window', () => {
    // Thursday 13 March -> Wednesday 19 March
    expect(nextDistribution(new Date('2025-03-13T02:00:00Z'))).toEqual(
      new Date('2025-03-18T16:00:00Z'),
    );
    // Friday 4 April -> Saturday 5 April (the 5th)
    expect(nextDistribution(new Date('2025-04-04T02:00:00Z'))).toEqual(
      new Date('2025-04-04T16:00:00Z'),
    );
    // inside a window: that window
    expect(nextDistribution(new Date('2025-03-12T01:00:00Z'))).toEqual(
      new Date('2025-03-11T16:00:00Z'),
    );
    // Wednesday after 17:00 -> the next Wednesday
    expect(nextDistribution(new Date('2025-03-12T10:00:00Z'))).toEqual(
      new Date('2025-03-18T16:00:00Z'),
    );
  });
});
