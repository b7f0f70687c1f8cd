/**
 * The lending bot's offer-spreading rule, the one the open-source lending bots converged on
 * (the MikaLendingBot family's "spread" lending), as a pure function of the book and the
 * amount to lend. Amounts and daily rates are units of 1e-8.
 *
 * 1. Lend at most `lendable` (the idle amount the member set, less what the bot already has
 *    out, capped by the funding wallet's free balance), in `n` offers, n = min(spreadCount,
 *    lendable / minimumOffer) (none when below one minimum offer); each gets lendable / n
 *    (rounded down to 1e-8), the last one the remainder.
 * 2. Offer i goes to the depth d_i = bottom + (top - bottom) x i / (n - 1) of the book (d_0 =
 *    bottom; a single offer at the bottom): the competing offer at d_i is the first ask level
 *    whose cumulative amount reaches past d_i (past the book's end: its last level), and the
 *    offer is priced one unit (1e-8 a day) under it, so borrowers reach it first.
 * 3. Never below `minDailyRate`: an offer priced under it is not placed (the funds stay idle
 *    rather than lent cheap); the others keep their share (nothing is moved onto them).
 * 4. Period: `periodDays` (2), or `longPeriodDays` when the rate is at or above
 *    `longPeriodRate` (lock a good rate longer).
 */

export interface SpreadParams {
  minDailyRate: bigint;
  bottomDepth: bigint;
  topDepth: bigint;
  spreadCount: number;
  minimumOffer: bigint;
  periodDays: number;
  longPeriodRate: bigint;
  longPeriodDays: number;
}

export interface BookAsk {
  rate: bigint;
  amount: bigint;
}

export interface PlannedOffer {
  amount: bigint;
  rate: bigint;
  period: number;
  /** the book depth it was placed at */
  depth: bigint;
}

/** the rate just under the competing offer at cumulative depth `depth` (null: empty book) */
export function rateAtDepth(asks: readonly BookAsk[], depth: bigint): bigint | null {
  if (asks.length === 0) return null;
  const sorted = cheapestFirst(asks);
  let cumulative = 0n;
  for (const ask of sorted) {
    cumulative += ask.amount;
    if (cumulative > depth) return ask.rate - 1n;
  }
  return (sorted[sorted.length - 1] as BookAsk).rate - 1n;
}

const cheapestFirst = (asks: readonly BookAsk[]) =>
  [...asks].sort((a, b) => (a.rate < b.rate ? -1 : a.rate > b.rate ? 1 : 0));

/** The offers to place for `lendable` against the book's asks (cheapest first). */
export function spreadOffers(
  asks: readonly BookAsk[],
  lendable: bigint,
  params: SpreadParams,
): PlannedOffer[] {
  if (lendable < params.minimumOffer || params.minimumOffer <= 0n) return [];
  const sorted = cheapestFirst(asks);
  const byMinimum = lendable / params.minimumOffer;
  const n = Number(
    byMinimum < BigInt(params.spreadCount) ? byMinimum : BigInt(Math.max(1, params.spreadCount)),
  );
  const each = lendable / BigInt(n);
  const offers: PlannedOffer[] = [];
  for (let i = 0; i < n; i++) {
    const depth =
      n === 1
        ? params.bottomDepth
        : params.bottomDepth + ((params.topDepth - params.bottomDepth) * BigInt(i)) / BigInt(n - 1);
    const rate = rateAtDepth(sorted, depth);
    if (rate === null || rate < params.minDailyRate || rate <= 0n) continue;
    const amount = i === n - 1 ? lendable - each * BigInt(n - 1) : each;
    const period = rate >= params.longPeriodRate ? params.longPeriodDays : params.periodDays;
    offers.push({ amount, rate, period, depth });
  }
  return offers;
}

/**
 * Offers left standing at a cycle: an offer whose amount is below the exchange's minimum (what
 * is left of a partly taken offer) could not be placed again once cancelled, so it stays.
 */
export function keepStanding(offerAmount: bigint, minimumOffer: bigint): boolean {
  return offerAmount < minimumOffer;
}
