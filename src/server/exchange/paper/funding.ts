import { createHash } from 'node:crypto';
import type { Clock } from '../../clock';
import { minUnits, mulUnits, ONE } from '../decimal';
import { MINUTE_MS, PaperMarket } from './market';

/**
 * The paper exchange's funding market (Bitfinex's margin funding): members lend from their
 * `funding` wallet by placing offers (currency, amount, daily rate, period 2 to 120 days); a
 * seeded book of competing offers moves with the clock; simulated borrowers take offers into
 * credits; a credit pays interest every 24 hours of its life into the funding wallet, net of the
 * exchange's 15 % fee, and returns (its amount stays in the wallet, no longer lent) after its
 * period. Amounts and daily rates are units of 1e-8 (0.0002 a day = 20,000).
 *
 * Market: per currency an hourly rate level, an AR(1) walk of the log rate around the
 * currency's base rate (seeded, the same whichever order hours are asked in); the book of an
 * hour: ten ask levels (lenders' offers) 4 % of the level apart from 1 % above it, seeded sizes
 * growing outwards, and five bid levels (borrowers) below it. Borrowers: in each minute, with a
 * seeded chance, a borrower asks a seeded amount up to a seeded rate; the book's own offers
 * cheaper than a member's offer go first, then the members' offers by rate (then age) take what
 * is left. The minutes since the last request are caught up one by one (at most 50,000) while
 * any offer is open.
 */

export const FUNDING_FEE_BPS = 1_500n;
export const MIN_FUNDING_PERIOD = 2;
export const MAX_FUNDING_PERIOD = 120;
const DAY_MS = 86_400_000;
const HOUR_MINUTES = 60;
const ASK_LEVELS = 10;
const BID_LEVELS = 5;

export interface FundingCurrency {
  /** Bitfinex's currency id (UST is USDt) */
  id: string;
  /** the daily rate the walk returns to (units of 1e-8) */
  baseRate: number;
  /** the best ask level's size (units of 1e-8); deeper levels grow */
  levelSize: bigint;
  /** the smallest offer */
  minOffer: bigint;
}

export const FUNDING_CURRENCIES: readonly FundingCurrency[] = [
  { id: 'UST', baseRate: 20_000, levelSize: 5_000n * ONE, minOffer: 150n * ONE },
  { id: 'BTC', baseRate: 1_000, levelSize: 2n * ONE, minOffer: 25n * 10n ** 5n },
];

export interface PaperFundingOffer {
  id: number;
  accountId: number;
  currency: string;
  /** what is still offered */
  amount: bigint;
  amountOrig: bigint;
  rate: bigint;
  period: number;
  createdAt: number;
  updatedAt: number;
  status: 'ACTIVE' | 'PARTIALLY FILLED' | 'EXECUTED' | 'CANCELED';
}

export interface PaperFundingCredit {
  id: number;
  accountId: number;
  offerId: number;
  currency: string;
  amount: bigint;
  rate: bigint;
  period: number;
  openedAt: number;
  /** interest payments made (one per 24 h, `period` in all) */
  payments: number;
  lastPayoutAt: number | null;
  status: 'ACTIVE' | 'CLOSED';
  closedAt: number | null;
}

export interface PaperLedgerEntry {
  id: number;
  accountId: number;
  currency: string;
  wallet: 'funding';
  mts: number;
  /** signed */
  amount: bigint;
  balance: bigint;
  description: string;
}

export interface PaperFundingState {
  /** funding wallets: `${accountId}:${currency}` -> balance (lent and offered included) */
  wallets: Record<string, bigint>;
  offers: PaperFundingOffer[];
  credits: PaperFundingCredit[];
  ledger: PaperLedgerEntry[];
  matchedMinute: number;
}

export function emptyFundingState(clock: Clock): PaperFundingState {
  return {
    wallets: {},
    offers: [],
    credits: [],
    ledger: [],
    matchedMinute: PaperMarket.minuteOf(clock.now()),
  };
}

/** mulberry32 uniform in [0, 1) from a text seed */
function uniform(text: string): number {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0);
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

export interface FundingLevel {
  rate: bigint;
  period: number;
  amount: bigint;
}

export interface FundingBook {
  /** lenders' offers, cheapest first */
  asks: FundingLevel[];
  /** borrowers' bids, dearest first */
  bids: FundingLevel[];
}

/** The seeded funding market of the paper exchange (rates and the book by hour). */
export class FundingMarket {
  private readonly levels = new Map<string, number[]>();

  constructor(
    readonly seed: string,
    readonly anchorMinute: number,
    readonly currencies: readonly FundingCurrency[] = FUNDING_CURRENCIES,
  ) {}

  currency(id: string): FundingCurrency | undefined {
    return this.currencies.find((currency) => currency.id === id);
  }

  /** the log deviation of the rate level at `hour` hours after the anchor (AR(1), memoised) */
  private deviation(currency: string, hour: number): number {
    if (hour <= 0) return 0;
    let walk = this.levels.get(currency);
    if (!walk) {
      walk = [0];
      this.levels.set(currency, walk);
    }
    while (walk.length <= hour) {
      const step = walk.length;
      const u = Math.max(uniform(`${this.seed}:funding:${currency}:${step}:u`), Number.MIN_VALUE);
      const v = uniform(`${this.seed}:funding:${currency}:${step}:v`);
      const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      walk.push(0.96 * (walk[step - 1] as number) + 0.09 * normal);
    }
    return walk[hour] as number;
  }

  /** the rate level (units of 1e-8 a day) in a minute */
  rateLevel(currency: string, minute: number): number {
    const definition = this.currency(currency);
    if (!definition) throw new Error(`unknown funding currency ${currency}`);
    const hour = Math.floor((minute - this.anchorMinute) / HOUR_MINUTES);
    return definition.baseRate * Math.exp(this.deviation(currency, hour));
  }

  /** The book of a minute (it changes by the hour). */
  book(currency: string, minute: number): FundingBook {
    const definition = this.currency(currency);
    if (!definition) throw new Error(`unknown funding currency ${currency}`);
    const level = this.rateLevel(currency, minute);
    const hour = Math.floor((minute - this.anchorMinute) / HOUR_MINUTES);
    const size = (side: string, index: number) => {
      const factor = uniform(`${this.seed}:funding:${currency}:${hour}:${side}:${index}`);
      const permille = BigInt(Math.floor((500 + factor * 1000) * (1 + index / 2)));
      return (definition.levelSize * permille) / 1000n;
    };
    const asks = Array.from({ length: ASK_LEVELS }, (_, index) => ({
      rate: BigInt(Math.max(1, Math.round(level * (1.01 + 0.04 * index)))),
      period: index % 4 === 3 ? 30 : 2,
      amount: size('ask', index),
    }));
    const bids = Array.from({ length: BID_LEVELS }, (_, index) => ({
      rate: BigInt(Math.max(1, Math.round(level * (0.97 - 0.04 * index)))),
      period: 2,
      amount: size('bid', index),
    }));
    return { asks, bids };
  }

  /**
   * The borrower of a minute, if any: the most they take and the highest rate they pay. About
   * one minute in four; up to twice the best level's size, at up to 50 % above the level.
   */
  borrower(currency: string, minute: number): { amount: bigint; maxRate: bigint } | undefined {
    const definition = this.currency(currency);
    if (!definition) return undefined;
    if (uniform(`${this.seed}:borrower:${currency}:${minute}:p`) >= 0.25) return undefined;
    const level = this.rateLevel(currency, minute);
    const amount =
      (definition.levelSize *
        BigInt(Math.floor(200 + uniform(`${this.seed}:borrower:${currency}:${minute}:a`) * 1800))) /
      1000n;
    const maxRate = BigInt(
      Math.round(level * (1 + 0.5 * uniform(`${this.seed}:borrower:${currency}:${minute}:r`))),
    );
    return { amount, maxRate };
  }
}

export class FundingError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The funding side of the engine: wallets, offers, credits, interest and the ledger. */
export class PaperFunding {
  constructor(
    readonly market: FundingMarket,
    private readonly clock: Clock,
    private readonly state: PaperFundingState,
    private readonly nextId: () => number,
    private readonly changed: () => void,
  ) {}

  private now(): number {
    return this.clock.now().getTime();
  }

  private walletKey(accountId: number, currency: string): string {
    return `${accountId}:${currency}`;
  }

  balanceOf(accountId: number, currency: string): bigint {
    return this.state.wallets[this.walletKey(accountId, currency)] ?? 0n;
  }

  /** in open offers plus lent in active credits */
  reservedOf(accountId: number, currency: string): bigint {
    let reserved = 0n;
    for (const offer of this.openOffers(accountId, currency)) reserved += offer.amount;
    for (const credit of this.activeCredits(accountId, currency)) reserved += credit.amount;
    return reserved;
  }

  /** Add (or take) currency to an account's funding wallet (the operator's side). */
  fund(accountId: number, currency: string, amount: bigint): bigint {
    const next = this.balanceOf(accountId, currency) + amount;
    if (next < this.reservedOf(accountId, currency)) {
      throw new FundingError(10001, `not enough funding balance for ${currency}`);
    }
    this.state.wallets[this.walletKey(accountId, currency)] = next;
    this.changed();
    return next;
  }

  wallets(accountId: number): { currency: string; balance: bigint; available: bigint }[] {
    const prefix = `${accountId}:`;
    return Object.entries(this.state.wallets)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, balance]) => {
        const currency = key.slice(prefix.length);
        return { currency, balance, available: balance - this.reservedOf(accountId, currency) };
      });
  }

  openOffers(accountId: number, currency?: string): PaperFundingOffer[] {
    return this.state.offers.filter(
      (offer) =>
        offer.accountId === accountId &&
        (offer.status === 'ACTIVE' || offer.status === 'PARTIALLY FILLED') &&
        (!currency || offer.currency === currency),
    );
  }

  activeCredits(accountId: number, currency?: string): PaperFundingCredit[] {
    return this.state.credits.filter(
      (credit) =>
        credit.accountId === accountId &&
        credit.status === 'ACTIVE' &&
        (!currency || credit.currency === currency),
    );
  }

  closedCredits(accountId: number, currency?: string): PaperFundingCredit[] {
    return this.state.credits
      .filter(
        (credit) =>
          credit.accountId === accountId &&
          credit.status === 'CLOSED' &&
          (!currency || credit.currency === currency),
      )
      .sort((a, b) => (b.closedAt ?? 0) - (a.closedAt ?? 0) || b.id - a.id);
  }

  ledger(accountId: number, currency?: string): PaperLedgerEntry[] {
    return this.state.ledger
      .filter(
        (entry) => entry.accountId === accountId && (!currency || entry.currency === currency),
      )
      .sort((a, b) => b.mts - a.mts || b.id - a.id);
  }

  submitOffer(
    accountId: number,
    input: { currency: string; amount: bigint; rate: bigint; period: number },
  ): PaperFundingOffer {
    this.catchUp();
    const definition = this.market.currency(input.currency);
    if (!definition) throw new FundingError(10020, 'symbol: invalid');
    if (
      !Number.isInteger(input.period) ||
      input.period < MIN_FUNDING_PERIOD ||
      input.period > MAX_FUNDING_PERIOD
    ) {
      throw new FundingError(10020, 'period: invalid (2 to 120 days)');
    }
    if (input.rate <= 0n) throw new FundingError(10020, 'rate: invalid');
    if (input.amount < definition.minOffer) {
      throw new FundingError(
        10001,
        `Invalid offer: minimum amount for f${definition.id} is ${Number(definition.minOffer) / 1e8}`,
      );
    }
    const available =
      this.balanceOf(accountId, input.currency) - this.reservedOf(accountId, input.currency);
    if (input.amount > available) {
      throw new FundingError(10001, 'Invalid offer: not enough funding balance');
    }
    const now = this.now();
    const offer: PaperFundingOffer = {
      id: this.nextId(),
      accountId,
      currency: input.currency,
      amount: input.amount,
      amountOrig: input.amount,
      rate: input.rate,
      period: input.period,
      createdAt: now,
      updatedAt: now,
      status: 'ACTIVE',
    };
    this.state.offers.push(offer);
    this.changed();
    return offer;
  }

  cancelOffer(accountId: number, id: number): PaperFundingOffer {
    this.catchUp();
    const offer = this.state.offers.find((row) => row.id === id && row.accountId === accountId);
    if (!offer || (offer.status !== 'ACTIVE' && offer.status !== 'PARTIALLY FILLED')) {
      throw new FundingError(10001, 'Offer not found.');
    }
    offer.status = 'CANCELED';
    offer.updatedAt = this.now();
    this.changed();
    return offer;
  }

  /** Borrowers take offers minute by minute; credits pay interest and close up to now. */
  catchUp(): void {
    const now = this.now();
    const current = PaperMarket.minuteOf(now);
    if (current > this.state.matchedMinute) {
      const first = Math.max(this.state.matchedMinute + 1, current - 50_000);
      let open = this.state.offers.filter(
        (offer) => offer.status === 'ACTIVE' || offer.status === 'PARTIALLY FILLED',
      );
      for (let minute = first; minute <= current && open.length > 0; minute++) {
        // an offer meets borrowers from the minute after it was placed
        const live = open.filter((offer) => PaperMarket.minuteOf(offer.createdAt) < minute);
        for (const currency of new Set(live.map((offer) => offer.currency))) {
          this.borrow(
            currency,
            minute,
            live.filter((offer) => offer.currency === currency),
          );
        }
        open = open.filter((offer) => offer.status !== 'EXECUTED');
      }
      this.state.matchedMinute = current;
    }
    this.payInterest(now);
    this.changed();
  }

  private borrow(currency: string, minute: number, offers: PaperFundingOffer[]): void {
    const borrower = this.market.borrower(currency, minute);
    if (!borrower) return;
    const book = this.market.book(currency, minute);
    const mts = minute * MINUTE_MS;
    let taken = 0n;
    const sorted = [...offers]
      .filter((offer) => offer.rate <= borrower.maxRate)
      .sort((a, b) => (a.rate < b.rate ? -1 : a.rate > b.rate ? 1 : a.id - b.id));
    for (const offer of sorted) {
      // the book's cheaper offers go first
      const cheaper = book.asks
        .filter((level) => level.rate < offer.rate)
        .reduce((sum, level) => sum + level.amount, 0n);
      const left = borrower.amount - cheaper - taken;
      if (left <= 0n) break;
      const size = minUnits(left, offer.amount);
      offer.amount -= size;
      offer.updatedAt = mts;
      offer.status = offer.amount === 0n ? 'EXECUTED' : 'PARTIALLY FILLED';
      taken += size;
      this.state.credits.push({
        id: this.nextId(),
        accountId: offer.accountId,
        offerId: offer.id,
        currency,
        amount: size,
        rate: offer.rate,
        period: offer.period,
        openedAt: mts,
        payments: 0,
        lastPayoutAt: null,
        status: 'ACTIVE',
        closedAt: null,
      });
    }
  }

  /** Interest of one day of a credit: gross, the exchange's fee (rounded up) and the net. */
  static dailyInterest(amount: bigint, rate: bigint) {
    const gross = mulUnits(amount, rate);
    const fee = (gross * FUNDING_FEE_BPS + 9_999n) / 10_000n;
    return { gross, fee, net: gross - fee };
  }

  private payInterest(now: number): void {
    for (const credit of this.state.credits) {
      if (credit.status !== 'ACTIVE') continue;
      while (
        credit.payments < credit.period &&
        credit.openedAt + (credit.payments + 1) * DAY_MS <= now
      ) {
        credit.payments += 1;
        const mts = credit.openedAt + credit.payments * DAY_MS;
        credit.lastPayoutAt = mts;
        const { net } = PaperFunding.dailyInterest(credit.amount, credit.rate);
        if (net > 0n) {
          const key = this.walletKey(credit.accountId, credit.currency);
          const balance = (this.state.wallets[key] ?? 0n) + net;
          this.state.wallets[key] = balance;
          this.state.ledger.push({
            id: this.nextId(),
            accountId: credit.accountId,
            currency: credit.currency,
            wallet: 'funding',
            mts,
            amount: net,
            balance,
            description: `Margin Funding Payment on wallet funding (credit #${credit.id})`,
          });
        }
        if (credit.payments === credit.period) {
          credit.status = 'CLOSED';
          credit.closedAt = mts;
        }
      }
    }
  }
}
