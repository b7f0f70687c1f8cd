import { describe, expect, it } from 'vitest';
import { rewardUnlocked, withdrawableBcnt } from './bcnt-rewards';

const DAY = 24 * 3600_000;
const now = new Date('2025-06-01T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('BCNT reward withdrawal rule', () => {
  it('without rewards (no subscriptions yet) all available BCNT is withdrawable', () => {
    expect(withdrawableBcnt(1_000n, [], now)).toBe(1_000n);
  });

  it('a reward is locked until its subscription is held over 30 days', () => {
    expect(rewardUnlocked(daysAgo(30), now)).toBe(false);
    expect(rewardUnlocked(new Date(daysAgo(30).getTime() - 1), now)).toBe(true);
    expect(rewardUnlocked(null, now)).toBe(false);
  });

  it('subtracts the locked rewards only, never below zero', () => {
    const rewards = [
      { amount: 300n, subscribedAt: daysAgo(10) },
      { amount: 200n, subscribedAt: daysAgo(45) },
      { amount: 50n, subscribedAt: null },
    ];
    expect(withdrawableBcnt(1_000n, rewards, now)).toBe(650n);
    expect(withdrawableBcnt(200n, rewards, now)).toBe(0n);
  });
});
