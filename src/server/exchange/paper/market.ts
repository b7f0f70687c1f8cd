import { createHash } from 'node:crypto';
import { ONE } from '../decimal';

/**
 * The paper exchange's market: a seeded random walk per pair in minute steps of the server
 * clock, and a book of ten price levels a side around it. The same seed, start time and clock
 * give the same prices, books and fills, so tests can compute what to expect and a restart of
 * the stack keeps the history it showed.
 *
 * Price process: geometric Brownian motion without drift, log-price step N(0, sigma^2 / minutes
 * per year) each minute from the pair's start price at the anchor minute (the exchange's start),
 * drawn from a seeded PRNG (mulberry32, sequential per pair) so a price at minute m is the same
 * whichever order minutes are asked in. Before the anchor the price is the start price.
 * Prices are shown with 5 significant digits (Bitfinex's rule) as units of 1e-8.
 *
 * Market moves (the operator's knob, `exchange move`): a move of a pair by p percent at minute
 * m shifts that pair's walk by the log-return ln(1 + p / 100) from minute m on; the minutes
 * before keep their prices, and the walk goes on from the shifted level with the same draws.
 * Moves add up. They are part of the exchange's state (engine.ts), so a restart keeps them.
 */

export interface PaperPair {
  /** Bitfinex's pair id without the `t`: `BTCUST` (UST is Bitfinex's id of USDT) */
  id: string;
  base: string;
  quote: string;
  /** decimal start price */
  startPrice: number;
  /** annualised volatility of the walk (0.6 = 60 %) */
  volatility: number;
  /** the pair minimum order size, base units of 1e-8 */
  minSize: bigint;
  /** the pair maximum order size, base units of 1e-8 */
  maxSize: bigint;
  /** size of the best level of each side of the book, base units of 1e-8; deeper levels grow */
  levelSize: bigint;
}

/** The pairs the paper exchange lists (Bitfinex spot ids, quoted in USDt). */
export const PAPER_PAIRS: readonly PaperPair[] = [
  {
    id: 'BTCUST',
    base: 'BTC',
    quote: 'UST',
    startPrice: 60_000,
    volatility: 0.6,
    minSize: 4n * 10n ** 4n, // 0.0004
    maxSize: 2_000n * ONE,
    levelSize: 25n * 10n ** 6n, // 0.25
  },
  {
    id: 'ETHUST',
    base: 'ETH',
    quote: 'UST',
    startPrice: 3_000,
    volatility: 0.75,
    minSize: 8n * 10n ** 5n, // 0.008
    maxSize: 50_000n * ONE,
    levelSize: 4n * ONE,
  },
  {
    id: 'SOLUST',
    base: 'SOL',
    quote: 'UST',
    startPrice: 150,
    volatility: 0.9,
    minSize: 2n * 10n ** 7n, // 0.2
    maxSize: 500_000n * ONE,
    levelSize: 80n * ONE,
  },
];

export const MINUTE_MS = 60_000;
const MINUTES_PER_YEAR = 365 * 24 * 60;
/** levels per side of the book */
export const BOOK_LEVELS = 10;
/** half the spread: the best bid and ask are 0.05 % away from the mid */
const HALF_SPREAD = 0.0005;
/** the distance between levels, 0.05 % of the mid */
const LEVEL_STEP = 0.0005;

/** 32-bit seed from text (the exchange seed and a pair id) */
function seed32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** mulberry32: a small, fast PRNG with a 32-bit state; uniform in [0, 1) */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A decimal price with 5 significant digits, in units of 1e-8 (at least 1e-8). */
export function toSignificantUnits(price: number): bigint {
  if (!(price > 0)) return 1n;
  const exponent = Math.floor(Math.log10(price));
  const scale = 10 ** (exponent - 4);
  const rounded = Math.round(price / scale);
  // rounded x 10^(exponent-4) x 1e8 as an integer
  const shift = exponent - 4 + 8;
  const units =
    shift >= 0 ? BigInt(rounded) * 10n ** BigInt(shift) : BigInt(rounded) / 10n ** BigInt(-shift);
  return units > 0n ? units : 1n;
}

/** A market move: the pair's walk shifted by `percent` from `minute` on (see above). */
export interface PaperMarketMove {
  pairId: string;
  /** the clock minute (ms / 60,000) the move applies from */
  minute: number;
  /** decimal percent, signed: "8.5", "-3" */
  percent: string;
}

/** the smallest and largest move of one command, percent */
export const MARKET_MOVE_MIN_PERCENT = -90;
export const MARKET_MOVE_MAX_PERCENT = 900;

export interface BookLevel {
  /** level index from the best (0) outwards */
  level: number;
  price: bigint;
  /** base units of 1e-8 on offer at this level in this minute */
  size: bigint;
}

export interface MarketBook {
  minute: number;
  mid: bigint;
  bids: BookLevel[];
  asks: BookLevel[];
}

class PairWalk {
  private readonly logPrices: number[] = [];
  private readonly next: () => number;
  private spare: number | undefined;

  constructor(
    readonly pair: PaperPair,
    seed: string,
  ) {
    this.next = mulberry32(seed32(`${seed}:${pair.id}`));
    this.logPrices.push(Math.log(pair.startPrice));
  }

  /** a standard normal draw (Box-Muller, both values used) */
  private normal(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    const u = Math.max(this.next(), Number.MIN_VALUE);
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** the mid price (a float) at `step` minutes after the anchor */
  midAt(step: number): number {
    if (step <= 0) return this.pair.startPrice;
    const sigma = this.pair.volatility / Math.sqrt(MINUTES_PER_YEAR);
    while (this.logPrices.length <= step) {
      const last = this.logPrices[this.logPrices.length - 1] as number;
      this.logPrices.push(last - (sigma * sigma) / 2 + sigma * this.normal());
    }
    return Math.exp(this.logPrices[step] as number);
  }
}

/**
 * The market of all pairs: prices by minute of the server clock and the book of a minute (its
 * depth minus what orders took from it in that minute).
 */
export class PaperMarket {
  private readonly walks = new Map<string, PairWalk>();
  /** `${pair}:${minute}:${side}:${level}` -> base units taken in that minute */
  private readonly taken = new Map<string, bigint>();
  private takenMinute = -1;
  readonly anchorMinute: number;

  constructor(
    readonly seed: string,
    anchor: Date,
    readonly pairs: readonly PaperPair[] = PAPER_PAIRS,
    /** the moves made so far (the engine's state holds this array, so it is saved with it) */
    readonly moves: PaperMarketMove[] = [],
  ) {
    this.anchorMinute = Math.floor(anchor.getTime() / MINUTE_MS);
    for (const pair of pairs) this.walks.set(pair.id, new PairWalk(pair, seed));
  }

  pair(id: string): PaperPair | undefined {
    return this.pairs.find((pair) => pair.id === id);
  }

  private walk(pairId: string): PairWalk {
    const walk = this.walks.get(pairId);
    if (!walk) throw new Error(`unknown pair ${pairId}`);
    return walk;
  }

  /** the minute of a clock time */
  static minuteOf(time: Date | number): number {
    return Math.floor(new Date(time).getTime() / MINUTE_MS);
  }

  /** the log-return the moves of a pair made at or before `minute` add to its walk */
  private shift(pairId: string, minute: number): number {
    let shift = 0;
    for (const move of this.moves) {
      if (move.pairId === pairId && move.minute <= minute) {
        shift += Math.log1p(Number(move.percent) / 100);
      }
    }
    return shift;
  }

  /** the mid price (a float) of a pair in a minute: the seeded walk, shifted by the moves */
  private midFloat(pairId: string, minute: number): number {
    const walked = this.walk(pairId).midAt(minute - this.anchorMinute);
    const shift = this.shift(pairId, minute);
    return shift === 0 ? walked : walked * Math.exp(shift);
  }

  /** the mid price of a pair in a minute, units of 1e-8 with 5 significant digits */
  mid(pairId: string, minute: number): bigint {
    return toSignificantUnits(this.midFloat(pairId, minute));
  }

  /**
   * Move a pair's market by `percent` (a signed decimal, above -90 and at most 900) from
   * `minute` on: that minute's and every later price is multiplied by (1 + percent / 100)
   * on top of the walk; earlier minutes are unchanged.
   */
  move(pairId: string, minute: number, percent: string): PaperMarketMove {
    this.walk(pairId);
    const value = Number(percent);
    if (
      !/^[+-]?\d{1,3}(\.\d{1,4})?$/.test(percent) ||
      value === 0 ||
      value <= MARKET_MOVE_MIN_PERCENT ||
      value > MARKET_MOVE_MAX_PERCENT
    ) {
      throw new RangeError(
        `a move is a percent above ${MARKET_MOVE_MIN_PERCENT} and at most ${MARKET_MOVE_MAX_PERCENT}, not 0, with at most 4 decimals (got "${percent}")`,
      );
    }
    const move: PaperMarketMove = { pairId, minute, percent: String(value) };
    this.moves.push(move);
    return move;
  }

  /** the size of a level: the pair's level size x (1 + level / 2) x a seeded factor in [0.5, 1.5) */
  private levelSize(pair: PaperPair, minute: number, side: 'bid' | 'ask', level: number): bigint {
    const factor = mulberry32(seed32(`${this.seed}:${pair.id}:${minute}:${side}:${level}`))();
    const permille = BigInt(Math.floor((500 + factor * 1000) * (1 + level / 2)));
    return (pair.levelSize * permille) / 1000n;
  }

  /** The book of a pair in a minute: what is left of each level after this minute's fills. */
  book(pairId: string, minute: number): MarketBook {
    const pair = this.walk(pairId).pair;
    const midFloat = this.midFloat(pairId, minute);
    const side = (name: 'bid' | 'ask') =>
      Array.from({ length: BOOK_LEVELS }, (_, level) => {
        const offset = HALF_SPREAD + level * LEVEL_STEP;
        const price = toSignificantUnits(midFloat * (name === 'bid' ? 1 - offset : 1 + offset));
        const size =
          this.levelSize(pair, minute, name, level) -
          (this.takenAt(`${pairId}:${minute}:${name}:${level}`) ?? 0n);
        return { level, price, size: size > 0n ? size : 0n };
      }).filter((entry) => entry.size > 0n);
    return { minute, mid: this.mid(pairId, minute), bids: side('bid'), asks: side('ask') };
  }

  private takenAt(key: string): bigint | undefined {
    return this.taken.get(key);
  }

  /** Record that an order took `size` from a level in a minute (the book shows less). */
  take(pairId: string, minute: number, side: 'bid' | 'ask', level: number, size: bigint): void {
    if (minute !== this.takenMinute) {
      // only the current minute's consumption matters; older minutes are never matched again
      for (const key of this.taken.keys()) {
        if (Number(key.split(':')[1]) < minute) this.taken.delete(key);
      }
      this.takenMinute = minute;
    }
    const key = `${pairId}:${minute}:${side}:${level}`;
    this.taken.set(key, (this.taken.get(key) ?? 0n) + size);
  }
}
