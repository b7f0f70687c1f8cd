import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import { absUnits, fromUnits, minUnits, mulUnits, mulUnitsUp, ONE } from '../decimal';
import { emptyFundingState, FundingMarket, PaperFunding, type PaperFundingState } from './funding';
import { MINUTE_MS, PaperMarket, type BookLevel, type PaperMarketMove } from './market';

/**
 * The paper exchange's accounts, keys, orders and fills: the state behind its Bitfinex API v2
 * answers (server.ts). Spot only ("exchange" wallets). Amounts are units of 1e-8 (bigint).
 *
 * Orders: EXCHANGE LIMIT (rests until filled or cancelled), EXCHANGE MARKET (takes what the book
 * has, the rest cancelled), EXCHANGE IOC (a limit that takes what it can at once, the rest
 * cancelled), EXCHANGE FOK (all at once or nothing). A taker fill walks the book level by level
 * up to the limit price and takes at most what each level has left in that minute, so a large
 * order fills partly. A resting limit order is matched again every minute of the clock (the
 * minutes since the last request are caught up one by one) against that minute's book, as a
 * maker. Fees are charged in the currency received: taker 0.2 %, maker 0.1 % (Bitfinex's base
 * tier), rounded up to 1e-8. A buy reserves price x amount plus the taker fee of its quote; a
 * sell reserves its amount.
 */

export const PERMISSION_SCOPES = [
  'account',
  'history',
  'orders',
  'positions',
  'funding',
  'settings',
  'wallets',
  'withdraw',
] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];
export type Permissions = Record<PermissionScope, { read: boolean; write: boolean }>;

/**
 * read everything but withdrawals, write orders and funding offers: the key the platform asks
 * for (Smart Autotrade places orders with it, the lending bot funding offers; one key per
 * exchange account serves either product)
 */
export function tradeOnlyPermissions(): Permissions {
  const permissions = {} as Permissions;
  for (const scope of PERMISSION_SCOPES) {
    permissions[scope] = {
      read: scope !== 'withdraw',
      write: scope === 'orders' || scope === 'funding',
    };
  }
  return permissions;
}

export const TAKER_FEE_PPM = 2_000n;
export const MAKER_FEE_PPM = 1_000n;

export type PaperOrderType = 'EXCHANGE LIMIT' | 'EXCHANGE MARKET' | 'EXCHANGE IOC' | 'EXCHANGE FOK';
export const PAPER_ORDER_TYPES: readonly PaperOrderType[] = [
  'EXCHANGE LIMIT',
  'EXCHANGE MARKET',
  'EXCHANGE IOC',
  'EXCHANGE FOK',
];

export interface PaperAccount {
  id: number;
  name: string;
  /** total per currency id (BTC, UST, ...) */
  wallets: Map<string, bigint>;
}

export interface PaperKey {
  apiKey: string;
  secret: string;
  accountId: number;
  permissions: Permissions;
  /** the last nonce accepted (strictly increasing per key) */
  lastNonce: bigint;
  revoked: boolean;
  createdAt: number;
}

export interface PaperFill {
  id: number;
  orderId: number;
  pairId: string;
  mts: number;
  /** signed: positive bought, negative sold */
  amount: bigint;
  price: bigint;
  maker: boolean;
  /** the fee, positive, in feeCurrency */
  fee: bigint;
  feeCurrency: string;
}

export interface PaperOrder {
  id: number;
  cid: number | null;
  accountId: number;
  pairId: string;
  type: PaperOrderType;
  /** signed original amount: positive buy, negative sell */
  amount: bigint;
  /** signed amount left */
  remaining: bigint;
  /** limit price (0 for market orders) */
  price: bigint;
  /** quote units reserved for a buy (price x remaining + fee), base units for a sell */
  reserved: bigint;
  /** quote spent or received so far, for the average price */
  filledQuote: bigint;
  createdAt: number;
  updatedAt: number;
  status: 'ACTIVE' | 'PARTIALLY FILLED' | 'EXECUTED' | 'CANCELED';
  flags: number;
}

export class PaperError extends Error {
  constructor(
    /** Bitfinex's error code (10100 auth, 10114 nonce, 10020 request, 10001 generic) */
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SubmitOrderInput {
  type: string;
  symbol: string;
  amount: bigint;
  price?: bigint | undefined;
  cid?: number | undefined;
  flags?: number | undefined;
}

export interface PaperState {
  nextId: number;
  accounts: PaperAccount[];
  keys: PaperKey[];
  orders: PaperOrder[];
  fills: PaperFill[];
  /** the last minute resting orders were matched in */
  matchedMinute: number;
  /** the funding market's side (funding.ts); missing in a state saved before it existed */
  funding?: PaperFundingState;
  /** the operator's market moves (market.ts), oldest first; missing in an older state */
  moves?: PaperMarketMove[];
}

export class PaperEngine {
  readonly market: PaperMarket;
  /** the funding market: funding wallets, offers, credits, interest (funding.ts) */
  readonly funding: PaperFunding;
  private state: PaperState;
  /** called after every change (the server persists the state) */
  onChange: (() => void) | undefined;

  constructor(
    readonly clock: Clock,
    options: { seed: string; anchor?: Date; state?: PaperState },
  ) {
    const anchor = options.anchor ?? clock.now();
    this.state = options.state ?? {
      nextId: 1,
      accounts: [],
      keys: [],
      orders: [],
      fills: [],
      matchedMinute: PaperMarket.minuteOf(clock.now()),
    };
    this.state.funding ??= emptyFundingState(clock);
    this.state.moves ??= [];
    this.market = new PaperMarket(options.seed, anchor, undefined, this.state.moves);
    this.funding = new PaperFunding(
      new FundingMarket(options.seed, this.market.anchorMinute),
      clock,
      this.state.funding,
      () => this.id(),
      () => this.changed(),
    );
  }

  snapshot(): PaperState {
    return this.state;
  }

  private id(): number {
    return this.state.nextId++;
  }

  private changed(): void {
    this.onChange?.();
  }

  now(): number {
    return this.clock.now().getTime();
  }

  // ----- accounts and keys (the operator's side) -----

  /** An account by name, created with empty wallets when missing. */
  account(name: string): PaperAccount {
    let account = this.state.accounts.find((row) => row.name === name);
    if (!account) {
      account = { id: this.id(), name, wallets: new Map() };
      this.state.accounts.push(account);
      this.changed();
    }
    return account;
  }

  accountById(id: number): PaperAccount {
    const account = this.state.accounts.find((row) => row.id === id);
    if (!account) throw new PaperError(10020, 'account: invalid');
    return account;
  }

  /** Add (or with a negative amount take) currency to an account's exchange wallet. */
  fund(accountName: string, currency: string, amount: bigint): bigint {
    const account = this.account(accountName);
    const next = (account.wallets.get(currency) ?? 0n) + amount;
    if (next < this.reservedOf(account.id, currency)) {
      throw new PaperError(10001, `not enough exchange balance for ${currency}`);
    }
    account.wallets.set(currency, next);
    this.changed();
    return next;
  }

  createKey(accountName: string, permissions: Permissions = tradeOnlyPermissions()): PaperKey {
    const account = this.account(accountName);
    const key: PaperKey = {
      // hex, like the letters and digits of real exchange keys: base64url could begin with '-',
      // which a command line reads as an option
      apiKey: randomBytes(21).toString('hex'),
      secret: randomBytes(21).toString('hex'),
      accountId: account.id,
      permissions,
      lastNonce: 0n,
      revoked: false,
      createdAt: this.now(),
    };
    this.state.keys.push(key);
    this.changed();
    return key;
  }

  /** Revoke a key (its calls then fail as an invalid key), or restore it. */
  setRevoked(apiKey: string, revoked: boolean): PaperKey {
    const key = this.state.keys.find((row) => row.apiKey === apiKey);
    if (!key) throw new PaperError(10100, 'apikey: invalid');
    key.revoked = revoked;
    this.changed();
    return key;
  }

  setPermissions(apiKey: string, permissions: Permissions): PaperKey {
    const key = this.state.keys.find((row) => row.apiKey === apiKey);
    if (!key) throw new PaperError(10100, 'apikey: invalid');
    key.permissions = permissions;
    this.changed();
    return key;
  }

  keys(): readonly PaperKey[] {
    return this.state.keys;
  }

  // ----- the market (the operator's side) -----

  /**
   * Move a pair's market by `percent` from the clock's current minute on (market.ts). Resting
   * orders are matched first up to this minute at the prices before the move; from the next
   * minute they meet the moved book. Saved with the rest of the state.
   */
  moveMarket(pairId: string, percent: string): PaperMarketMove {
    if (!this.market.pair(pairId)) throw new PaperError(10020, 'symbol: invalid');
    this.catchUp();
    const move = this.market.move(pairId, PaperMarket.minuteOf(this.now()), percent);
    this.changed();
    return move;
  }

  // ----- authentication -----

  /** The key of a request, after its nonce: throws 10100 for an unknown or revoked key, 10114. */
  keyFor(apiKey: string): PaperKey {
    const key = this.state.keys.find((row) => row.apiKey === apiKey && !row.revoked);
    if (!key) throw new PaperError(10100, 'apikey: invalid');
    return key;
  }

  acceptNonce(key: PaperKey, nonce: string): void {
    if (!/^\d{1,30}$/.test(nonce)) throw new PaperError(10114, 'nonce: invalid');
    const value = BigInt(nonce);
    if (value <= key.lastNonce) throw new PaperError(10114, 'nonce: small');
    key.lastNonce = value;
    this.changed();
  }

  requirePermission(key: PaperKey, scope: PermissionScope, access: 'read' | 'write'): void {
    if (!key.permissions[scope][access]) {
      throw new PaperError(10001, `apikey: permission invalid (${scope} ${access})`);
    }
  }

  // ----- reading -----

  reservedOf(accountId: number, currency: string): bigint {
    let reserved = 0n;
    for (const order of this.openOrders(accountId)) {
      const pair = this.market.pair(order.pairId);
      if (!pair) continue;
      const currencyOfReserve = order.amount > 0n ? pair.quote : pair.base;
      if (currencyOfReserve === currency) reserved += order.reserved;
    }
    return reserved;
  }

  wallets(accountId: number): { currency: string; balance: bigint; available: bigint }[] {
    const account = this.accountById(accountId);
    return [...account.wallets.entries()].map(([currency, balance]) => ({
      currency,
      balance,
      available: balance - this.reservedOf(accountId, currency),
    }));
  }

  openOrders(accountId: number, pairId?: string): PaperOrder[] {
    return this.state.orders.filter(
      (order) =>
        order.accountId === accountId &&
        (order.status === 'ACTIVE' || order.status === 'PARTIALLY FILLED') &&
        (!pairId || order.pairId === pairId),
    );
  }

  pastOrders(accountId: number, pairId?: string): PaperOrder[] {
    return this.state.orders
      .filter(
        (order) =>
          order.accountId === accountId &&
          (order.status === 'EXECUTED' || order.status === 'CANCELED') &&
          (!pairId || order.pairId === pairId),
      )
      .sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id);
  }

  fills(accountId: number, pairId?: string): PaperFill[] {
    const orderIds = new Set(
      this.state.orders.filter((order) => order.accountId === accountId).map((order) => order.id),
    );
    return this.state.fills
      .filter((fill) => orderIds.has(fill.orderId) && (!pairId || fill.pairId === pairId))
      .sort((a, b) => b.mts - a.mts || b.id - a.id);
  }

  // ----- matching -----

  /** Match the resting orders minute by minute up to the clock's minute (at most 50,000 minutes). */
  catchUp(): void {
    const current = PaperMarket.minuteOf(this.clock.now());
    if (current <= this.state.matchedMinute) return;
    const resting = this.state.orders.filter(
      (order) =>
        order.type === 'EXCHANGE LIMIT' &&
        (order.status === 'ACTIVE' || order.status === 'PARTIALLY FILLED'),
    );
    const first = Math.max(this.state.matchedMinute + 1, current - 50_000);
    if (resting.length > 0) {
      for (let minute = first; minute <= current; minute++) {
        for (const order of resting) {
          if (order.status === 'ACTIVE' || order.status === 'PARTIALLY FILLED') {
            this.take(order, minute, true);
          }
        }
      }
    }
    this.state.matchedMinute = current;
    this.changed();
  }

  /**
   * Take from the book of `minute` for an order, up to its limit price (market orders: no limit)
   * and what is left; answers the base units filled.
   */
  private take(order: PaperOrder, minute: number, maker: boolean): bigint {
    const pair = this.market.pair(order.pairId);
    if (!pair) return 0n;
    const buying = order.amount > 0n;
    const book = this.market.book(order.pairId, minute);
    const levels: BookLevel[] = buying ? book.asks : book.bids;
    const account = this.accountById(order.accountId);
    const mts = minute === PaperMarket.minuteOf(this.now()) ? this.now() : minute * MINUTE_MS;
    let filledNow = 0n;
    for (const level of levels) {
      const left = absUnits(order.remaining);
      if (left === 0n) break;
      const crosses =
        order.type === 'EXCHANGE MARKET' ||
        (buying ? level.price <= order.price : level.price >= order.price);
      if (!crosses) break;
      // a resting order fills at its own price (the book moved through it); a taker at the level's
      const price = maker ? order.price : level.price;
      let size = minUnits(left, level.size);
      if (buying && order.type === 'EXCHANGE MARKET') {
        // a market buy is limited by what the quote wallet can pay (with the fee)
        const available = this.availableOf(account, pair.quote);
        const affordable = (available * ONE * 1_000_000n) / (price * (1_000_000n + TAKER_FEE_PPM));
        size = minUnits(size, affordable);
      }
      if (size <= 0n) break;
      this.market.take(order.pairId, minute, buying ? 'ask' : 'bid', level.level, size);
      this.settle(order, account, size, price, maker, mts);
      filledNow += size;
    }
    if (filledNow > 0n) {
      order.updatedAt = mts;
      order.status = order.remaining === 0n ? 'EXECUTED' : 'PARTIALLY FILLED';
      if (order.status === 'EXECUTED') order.reserved = 0n;
    }
    return filledNow;
  }

  private availableOf(account: PaperAccount, currency: string): bigint {
    return (account.wallets.get(currency) ?? 0n) - this.reservedOf(account.id, currency);
  }

  /** One fill: wallets moved, the fee charged in the currency received, the reserve released. */
  private settle(
    order: PaperOrder,
    account: PaperAccount,
    size: bigint,
    price: bigint,
    maker: boolean,
    mts: number,
  ): void {
    const pair = this.market.pair(order.pairId);
    if (!pair) return;
    const buying = order.amount > 0n;
    const feePpm = maker ? MAKER_FEE_PPM : TAKER_FEE_PPM;
    const quote = mulUnits(size, price);
    const wallet = (currency: string) => account.wallets.get(currency) ?? 0n;
    let fee: bigint;
    let feeCurrency: string;
    if (buying) {
      // pay quote (rounded up), receive base less the fee
      const cost = mulUnitsUp(size, price);
      fee = (size * feePpm + 999_999n) / 1_000_000n;
      feeCurrency = pair.base;
      account.wallets.set(pair.quote, wallet(pair.quote) - cost);
      account.wallets.set(pair.base, wallet(pair.base) + size - fee);
      if (order.type !== 'EXCHANGE MARKET') {
        const release = mulUnitsUp(size, order.price);
        const releaseFee = (release * TAKER_FEE_PPM + 999_999n) / 1_000_000n;
        order.reserved = order.reserved - release - releaseFee;
        if (order.reserved < 0n) order.reserved = 0n;
      }
      order.filledQuote += cost;
    } else {
      fee = (quote * feePpm + 999_999n) / 1_000_000n;
      feeCurrency = pair.quote;
      account.wallets.set(pair.base, wallet(pair.base) - size);
      account.wallets.set(pair.quote, wallet(pair.quote) + quote - fee);
      if (order.type !== 'EXCHANGE MARKET') {
        order.reserved = order.reserved - size;
        if (order.reserved < 0n) order.reserved = 0n;
      }
      order.filledQuote += quote;
    }
    order.remaining = buying ? order.remaining - size : order.remaining + size;
    this.state.fills.push({
      id: this.id(),
      orderId: order.id,
      pairId: order.pairId,
      mts,
      amount: buying ? size : -size,
      price,
      maker,
      fee,
      feeCurrency,
    });
  }

  /** The average fill price of an order, units of 1e-8 (0 before any fill). */
  averagePrice(order: PaperOrder): bigint {
    const filled = absUnits(order.amount - order.remaining);
    return filled === 0n ? 0n : (order.filledQuote * ONE) / filled;
  }

  // ----- orders -----

  submitOrder(accountId: number, input: SubmitOrderInput): PaperOrder {
    this.catchUp();
    const pairId = input.symbol.startsWith('t') ? input.symbol.slice(1) : input.symbol;
    const pair = this.market.pair(pairId);
    if (!pair) throw new PaperError(10020, 'symbol: invalid');
    const type = PAPER_ORDER_TYPES.find((known) => known === input.type);
    if (!type) throw new PaperError(10020, `type: invalid (${input.type})`);
    if (input.amount === 0n) throw new PaperError(10020, 'amount: invalid');
    const size = absUnits(input.amount);
    if (size < pair.minSize) {
      throw new PaperError(
        10001,
        `Invalid order: minimum size for ${pair.id} is ${fromUnits(pair.minSize)}`,
      );
    }
    if (size > pair.maxSize) {
      throw new PaperError(
        10001,
        `Invalid order: maximum size for ${pair.id} is ${fromUnits(pair.maxSize)}`,
      );
    }
    const price = input.price ?? 0n;
    if (type !== 'EXCHANGE MARKET' && price <= 0n) throw new PaperError(10020, 'price: invalid');
    const buying = input.amount > 0n;
    const account = this.accountById(accountId);
    const now = this.now();
    const minute = PaperMarket.minuteOf(now);
    // what the order needs: a limit buy price x amount + the taker fee; a sell its amount; a
    // market buy at least its amount at the best ask
    let reserve: bigint;
    let needed: bigint;
    if (buying) {
      const reference = type === 'EXCHANGE MARKET' ? this.bestAsk(pair.id, minute) : price;
      const cost = mulUnitsUp(size, reference);
      needed = cost + (cost * TAKER_FEE_PPM + 999_999n) / 1_000_000n;
      reserve = type === 'EXCHANGE MARKET' ? 0n : needed;
    } else {
      needed = size;
      reserve = type === 'EXCHANGE MARKET' ? 0n : size;
    }
    const currency = buying ? pair.quote : pair.base;
    const available = this.availableOf(account, currency);
    if (needed > available) {
      throw new PaperError(
        10001,
        `Invalid order: not enough exchange balance for ${fromUnits(input.amount)} ${pair.id} at ${fromUnits(price)}`,
      );
    }
    if (type === 'EXCHANGE FOK' && !this.canFillAll(pair.id, minute, buying, size, price)) {
      const order = this.record(accountId, pair.id, type, input, price, 0n, now);
      order.status = 'CANCELED';
      return order;
    }
    const order = this.record(accountId, pair.id, type, input, price, reserve, now);
    this.take(order, minute, false);
    if (type !== 'EXCHANGE LIMIT' && order.remaining !== 0n) {
      order.status = 'CANCELED';
      order.reserved = 0n;
      order.updatedAt = now;
    }
    this.changed();
    return order;
  }

  private record(
    accountId: number,
    pairId: string,
    type: PaperOrderType,
    input: SubmitOrderInput,
    price: bigint,
    reserved: bigint,
    now: number,
  ): PaperOrder {
    const order: PaperOrder = {
      id: this.id(),
      cid: input.cid ?? null,
      accountId,
      pairId,
      type,
      amount: input.amount,
      remaining: input.amount,
      price,
      reserved,
      filledQuote: 0n,
      createdAt: now,
      updatedAt: now,
      status: 'ACTIVE',
      flags: input.flags ?? 0,
    };
    this.state.orders.push(order);
    return order;
  }

  private bestAsk(pairId: string, minute: number): bigint {
    const best = this.market.book(pairId, minute).asks[0];
    return best ? best.price : this.market.mid(pairId, minute);
  }

  private canFillAll(
    pairId: string,
    minute: number,
    buying: boolean,
    size: bigint,
    price: bigint,
  ): boolean {
    const book = this.market.book(pairId, minute);
    let depth = 0n;
    for (const level of buying ? book.asks : book.bids) {
      if (buying ? level.price > price : level.price < price) break;
      depth += level.size;
    }
    return depth >= size;
  }

  cancelOrder(accountId: number, id: number): PaperOrder {
    this.catchUp();
    const order = this.state.orders.find((row) => row.id === id && row.accountId === accountId);
    if (!order || (order.status !== 'ACTIVE' && order.status !== 'PARTIALLY FILLED')) {
      throw new PaperError(10001, 'Order not found.');
    }
    order.status = 'CANCELED';
    order.reserved = 0n;
    order.updatedAt = this.now();
    this.changed();
    return order;
  }
}
