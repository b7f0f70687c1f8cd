/**
 * The exchange adapter: what the platform asks of a member's exchange account through an API key
 * (Smart Autotrade mirrors orders with it, the lending bot lends on the funding market). One interface for
 * every exchange; the implementation is ccxt (exchange/ccxt-bitfinex.ts), pointed at Bitfinex in
 * production and at the local paper exchange (exchange/paper) everywhere else, so the same code
 * path runs in development and tests.
 *
 * Amounts and prices are bigint units of 1e-8 (exchange/decimal.ts: Bitfinex's 8 decimals).
 * Symbols are unified (`BTC/USDT`). Every call that fails throws an `ExchangeFailure` with a
 * kind the caller can act on (a key that fails authentication pauses mirroring, a network
 * failure is retried).
 */

export const EXCHANGE_IDS = ['bitfinex'] as const;
export type ExchangeId = (typeof EXCHANGE_IDS)[number];

export interface ExchangeCredentials {
  apiKey: string;
  secret: string;
}

export type ExchangeFailureKind =
  /** unknown key, wrong secret or signature, revoked key */
  | 'authentication'
  /** the key lacks a permission the call needs */
  | 'permission'
  /** the nonce was not above the key's last one (concurrent use of one key) */
  | 'nonce'
  | 'insufficient_funds'
  /** refused by the exchange's order rules (size below the minimum, bad price) */
  | 'invalid_order'
  | 'order_not_found'
  | 'bad_symbol'
  /** no answer, a dropped connection or a timeout: the request may or may not have executed */
  | 'network'
  /** maintenance or rate limit: try later */
  | 'unavailable'
  | 'other';

export class ExchangeFailure extends Error {
  constructor(
    readonly kind: ExchangeFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ExchangeFailure';
  }
}

/** A key's permissions as the exchange reports them, by scope (orders, wallets, withdraw, ...). */
export interface KeyPermissions {
  scopes: Record<string, { read: boolean; write: boolean }>;
  /** can place and cancel orders */
  trade: boolean;
  /** can move funds off the exchange */
  withdraw: boolean;
  /** can read balances, orders and fills (what mirroring and its reports need) */
  read: boolean;
}

export interface Balance {
  /** unified currency code (USDT, BTC) */
  currency: string;
  total: bigint;
  free: bigint;
}

/** A spot holding valued at the market: what mirroring treats as a position. */
export interface Position {
  symbol: string;
  /** base units held */
  amount: bigint;
  /** last price of the symbol */
  price: bigint;
  /** amount x price in the quote currency */
  value: bigint;
}

export type OrderSide = 'buy' | 'sell';
export type OrderStatus = 'open' | 'closed' | 'canceled' | 'rejected';

export interface OrderRequest {
  symbol: string;
  side: OrderSide;
  type: 'limit' | 'market';
  /** base units, positive */
  amount: bigint;
  /** limit price (required for limit orders) */
  price?: bigint;
  /** GTC rests on the book; IOC takes what it can at once and cancels the rest */
  timeInForce?: 'GTC' | 'IOC';
  /** the caller's id of the order, to find it again after a lost reply (a 45-bit integer) */
  clientOrderId?: number;
}

export interface Order {
  id: string;
  clientOrderId: number | null;
  symbol: string;
  side: OrderSide;
  type: string;
  status: OrderStatus;
  amount: bigint;
  filled: bigint;
  remaining: bigint;
  /** limit price (0 for market orders) */
  price: bigint;
  /** average fill price (0 before a fill) */
  average: bigint;
  timestamp: number;
}

export interface Fill {
  id: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  amount: bigint;
  price: bigint;
  /** the fee charged, positive */
  fee: bigint;
  feeCurrency: string;
  maker: boolean;
  timestamp: number;
}

export interface Ticker {
  symbol: string;
  last: bigint;
  bid: bigint;
  ask: bigint;
}

export interface OrderBook {
  symbol: string;
  /** [price, amount], best first */
  bids: [bigint, bigint][];
  asks: [bigint, bigint][];
}

export interface MarketInfo {
  symbol: string;
  base: string;
  quote: string;
  /** the smallest order amount the exchange takes, base units */
  minAmount: bigint;
}

/** The funding wallet of a currency: balance (lent and offered included) and what is free. */
export interface FundingBalance {
  /** unified currency code (USDT) */
  currency: string;
  total: bigint;
  free: bigint;
}

/** A lending offer on the funding market (rates are daily, units of 1e-8: 0.0002 = 20,000). */
export interface FundingOffer {
  id: string;
  currency: string;
  /** what is still offered */
  amount: bigint;
  amountOrig: bigint;
  rate: bigint;
  period: number;
  status: string;
  timestamp: number;
}

/** Money lent out: an offer (or its part) a borrower took. */
export interface FundingCredit {
  id: string;
  currency: string;
  amount: bigint;
  rate: bigint;
  period: number;
  status: 'active' | 'closed';
  openedAt: number;
  lastPayoutAt: number | null;
  closedAt: number | null;
}

/** A level of the funding book: lenders' offers (asks) cheapest first, borrowers' bids dearest first. */
export interface FundingBook {
  currency: string;
  asks: { rate: bigint; period: number; amount: bigint }[];
  bids: { rate: bigint; period: number; amount: bigint }[];
}

/** A funding wallet ledger entry (interest payments among them). */
export interface FundingLedgerEntry {
  id: string;
  currency: string;
  /** signed */
  amount: bigint;
  balance: bigint;
  description: string;
  timestamp: number;
  /** the credit an interest payment is for, when the exchange names it */
  creditId: string | null;
  /** an interest payment (Bitfinex: "Margin Funding Payment") */
  interest: boolean;
}

export interface ExchangeAdapter {
  readonly exchange: ExchangeId;
  /** where requests go (the paper exchange's address outside production) */
  describe(): { exchange: ExchangeId; paper: boolean };
  /** The key's permissions; throws `authentication` for a wrong key or secret. */
  checkKey(credentials: ExchangeCredentials): Promise<KeyPermissions>;
  balances(credentials: ExchangeCredentials): Promise<Balance[]>;
  /** spot holdings other than the quote currencies, valued at the last price */
  positions(credentials: ExchangeCredentials): Promise<Position[]>;
  submitOrder(credentials: ExchangeCredentials, order: OrderRequest): Promise<Order>;
  cancelOrder(credentials: ExchangeCredentials, id: string, symbol: string): Promise<Order>;
  openOrders(credentials: ExchangeCredentials, symbol?: string): Promise<Order[]>;
  /** closed and cancelled orders, newest first */
  pastOrders(credentials: ExchangeCredentials, symbol?: string, since?: number): Promise<Order[]>;
  /** the account's fills, newest first */
  fills(credentials: ExchangeCredentials, symbol?: string, since?: number): Promise<Fill[]>;
  ticker(symbol: string): Promise<Ticker>;
  book(symbol: string, depth?: number): Promise<OrderBook>;
  markets(): Promise<MarketInfo[]>;
  /** the market's minimum order amount (base units); throws `bad_symbol` for an unknown one */
  minOrderSize(symbol: string): Promise<bigint>;

  // ---- the funding market (the lending bot); currencies are unified codes (USDT) ----
  /** the funding wallets (Bitfinex's `funding` wallet type) */
  fundingBalances(credentials: ExchangeCredentials): Promise<FundingBalance[]>;
  fundingBook(currency: string, depth?: number): Promise<FundingBook>;
  submitFundingOffer(
    credentials: ExchangeCredentials,
    offer: { currency: string; amount: bigint; rate: bigint; period: number },
  ): Promise<FundingOffer>;
  cancelFundingOffer(credentials: ExchangeCredentials, id: string): Promise<FundingOffer>;
  fundingOffers(credentials: ExchangeCredentials, currency: string): Promise<FundingOffer[]>;
  /** the active credits */
  fundingCredits(credentials: ExchangeCredentials, currency: string): Promise<FundingCredit[]>;
  /** the closed credits (returned at their term) since a time, newest first */
  fundingCreditHistory(
    credentials: ExchangeCredentials,
    currency: string,
    since?: number,
  ): Promise<FundingCredit[]>;
  /** the funding ledger of a currency since a time, newest first */
  fundingLedger(
    credentials: ExchangeCredentials,
    currency: string,
    since?: number,
  ): Promise<FundingLedgerEntry[]>;
}
