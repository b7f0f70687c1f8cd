import { describe, expect, it } from 'vitest';
import { keepStanding, rateAtDepth, type SpreadParams, spreadOffers } from './spread';

/** The lending bot's offer-spreading rule (units of 1e-8; rates a day). */

const ONE = 10n ** 8n;
const params: SpreadParams = {
  minDailyRate: 15_000n,
  bottomDepth: 0n,
  topDepth: 9_000n * ONE,
  spreadCount: 3,
  minimumOffer: 150n * ONE,
  periodDays: 2,
  longPeriodRate: 30_000n,
  longPeriodDays: 30,
};
// cumulative depth: 2,000 @ 20,000 | 5,000 @ 21,000 | 10,000 @ 23,000 | 20,000 @ 31,000
const asks = [
  { rate: 21_000n, amount: 3_000n * ONE },
  { rate: 20_000n, amount: 2_000n * ONE },
  { rate: 31_000n, amount: 10_000n * ONE },
  { rate: 23_000n, amount: 5_000n * ONE },
];

describe('spreadOffers', () => {
  it('spreads the amount evenly from the bottom to the top depth, just under the competing offer', () => {
    const offers = spreadOffers(asks, 1_000n * ONE, params);
    expect(offers).toEqual([
      // depth 0: the first level (2,000 deep) -> under 20,000
      { amount: 33_333_333_333n, rate: 19_999n, period: 2, depth: 0n },
      // depth 4,500: the second level reaches 5,000 -> under 21,000
      { amount: 33_333_333_333n, rate: 20_999n, period: 2, depth: 4_500n * ONE },
      // depth 9,000: the third level reaches 10,000 -> under 23,000; the remainder
      { amount: 33_333_333_334n, rate: 22_999n, period: 2, depth: 9_000n * ONE },
    ]);
    expect(offers.reduce((sum, o) => sum + o.amount, 0n)).toBe(1_000n * ONE);
  });

  it('places fewer offers when the amount cannot make spreadCount offers of the minimum', () => {
    const two = spreadOffers(asks, 400n * ONE, params);
    expect(two.map((o) => [o.amount, o.depth])).toEqual([
      [200n * ONE, 0n],
      [200n * ONE, 9_000n * ONE],
    ]);
    const one = spreadOffers(asks, 299n * ONE, params);
    expect(one).toEqual([{ amount: 299n * ONE, rate: 19_999n, period: 2, depth: 0n }]);
    expect(spreadOffers(asks, 149n * ONE, params)).toEqual([]);
  });

  it('never offers below the minimum daily rate: those funds stay idle', () => {
    const offers = spreadOffers(asks, 900n * ONE, { ...params, minDailyRate: 21_000n });
    // the 19,999 and 20,999 offers are dropped, the 22,999 one keeps its share only
    expect(offers).toEqual([{ amount: 300n * ONE, rate: 22_999n, period: 2, depth: 9_000n * ONE }]);
    expect(spreadOffers(asks, 900n * ONE, { ...params, minDailyRate: 40_000n })).toEqual([]);
  });

  it('lends for the long period when the rate reaches the threshold', () => {
    const offers = spreadOffers(asks, 600n * ONE, {
      ...params,
      bottomDepth: 5_000n * ONE,
      topDepth: 15_000n * ONE,
      longPeriodRate: 23_000n,
    });
    expect(offers.map((o) => [o.rate, o.period])).toEqual([
      [22_999n, 2], // depth 5,000: the level reaching 10,000
      [30_999n, 30], // depth 10,000: the level reaching 20,000
      [30_999n, 30], // depth 15,000
    ]);
  });

  it('past the end of the book uses its last level; an empty book lends nothing', () => {
    expect(rateAtDepth(asks, 50_000n * ONE)).toBe(30_999n);
    expect(spreadOffers([], 1_000n * ONE, params)).toEqual([]);
  });
});

describe('keepStanding', () => {
  it('leaves an offer below the exchange minimum standing (it could not be placed again)', () => {
    expect(keepStanding(149n * ONE, 150n * ONE)).toBe(true);
    expect(keepStanding(150n * ONE, 150n * ONE)).toBe(false);
  });
});
