import { describe, expect, it } from 'vitest';
import type { binfiPeriods } from '../../src/server/db/schema';
import { noticesOf } from '../../src/server/domain/binfi/reads';

type PeriodRow = typeof binfiPeriods.$inferSelect;

const WAD = 10n ** 18n;
/** a per-unit rate as the pool stores it: USDT atomic units x 1e18 */
const rate = (usdt: number) => String(BigInt(Math.round(usdt * 1e6)) * WAD);
const period = (n: number, kind: PeriodRow['kind'], rock: number, flame = 0): PeriodRow =>
  ({
    chainId: 31337,
    fundId: 4,
    period: n,
    kind,
    rockRate: rate(rock),
    flameRate: rate(flame),
    fundedAt: new Date(Date.UTC(2026, n, 10)),
  }) as PeriodRow;

const periods = [
  period(0, 'refund', 0),
  period(1, 'reward', 0.666666),
  period(2, 'reward', 0.666666),
  period(3, 'settlement', 100.666666, 97.5),
];

describe("My funds' notices of an order (user/funds lastReward, settlement)", () => {
  it('a Rock order: the latest month it took part in, then the settlement at its matched units', () => {
    const rock = { side: 'rock', matchedUnits: 3, exitPeriod: null } as const;
    expect(noticesOf(rock, periods.slice(0, 3))).toEqual({
      lastReward: {
        period: 2,
        perUnit: '0.666666',
        amount: '1.999998',
        fundedAt: new Date(Date.UTC(2026, 2, 10)).toISOString(),
      },
      settlement: null,
    });
    expect(noticesOf(rock, periods).settlement).toEqual({
      rockPerUnit: '100.666666',
      flamePerUnit: '97.5',
      amount: '301.999998',
      settledAt: new Date(Date.UTC(2026, 3, 10)).toISOString(),
    });
  });

  it('a Rock order redeemed after month 1: that month, and no settlement', () => {
    const redeemed = { side: 'rock', matchedUnits: 2, exitPeriod: 2 } as const;
    expect(noticesOf(redeemed, periods)).toMatchObject({
      lastReward: { period: 1, amount: '1.333332' },
      settlement: null,
    });
  });

  it("a Flame order: no reward months, the settlement at Flame's per unit", () => {
    const flame = { side: 'flame', matchedUnits: 2, exitPeriod: null } as const;
    expect(noticesOf(flame, periods)).toMatchObject({
      lastReward: null,
      settlement: { amount: '195', flamePerUnit: '97.5' },
    });
  });

  it('an order left wholly unmatched has neither', () => {
    const unmatched = { side: 'rock', matchedUnits: 0, exitPeriod: null } as const;
    expect(noticesOf(unmatched, periods)).toEqual({ lastReward: null, settlement: null });
  });
});
