import { createHash } from 'node:crypto';
import type * as Ccxt from 'ccxt';
import type { Exchange } from 'ccxt';
import {
  type Balance,
  type ExchangeAdapter,
  type ExchangeCredentials,
  ExchangeFailure,
  type ExchangeFailureKind,
  type Fill,
  type FundingBook,
  type FundingCredit,
  type FundingLedgerEntry,
  type FundingOffer,
  type KeyPermissions,
  type MarketInfo,
  type Order,
  type OrderBook,
  type OrderRequest,
  type OrderStatus,
  type Position,
  type Ticker,
} from './adapter';
import { fromUnits, mulUnits, toUnits } from './decimal';

/**
 * The exchange adapter on ccxt's `bitfinex` class. With `paperUrl` the client is pointed at the
 * local paper exchange: `urls.test` (public, private, v1) set to it and `setSandboxMode(true)`
 * (Bitfinex has no sandbox URL of its own, so the bare call would leave every URL undefined), and
 * ccxt's rate limiter off (the paper exchange does not limit; Bitfinex does, so it stays on in
 * production).
 *
 * ccxt is imported on first use (loading all its exchanges takes seconds). One ccxt client per
 * key, and the calls of one key run one after another: Bitfinex wants a strictly increasing nonce
 * per key, which concurrent requests would break. Markets are loaded once by a public client and
 * shared with the keys' clients (reloaded hourly).
 */

export interface CcxtBitfinexOptions {
  /** the paper exchange's base URL (http://127.0.0.1:port); unset: api.bitfinex.com */
  paperUrl?: string | (() => Promise<string>);
  /** request timeout, ms (ccxt's default is 10 s) */
  timeoutMs?: number;
}

type CcxtModule = typeof Ccxt;
let ccxtModule: Promise<CcxtModule> | undefined;
function loadCcxt(): Promise<CcxtModule> {
  ccxtModule ??= import('ccxt');
  return ccxtModule;
}

const MARKETS_TTL_MS = 3_600_000;
const MAX_CLIENTS = 500;
/** quote currencies: their balances are cash, not positions */
const QUOTES = new Set(['USDT', 'USD', 'USDC', 'UST']);

const units = (value: unknown): bigint =>
  value === undefined || value === null || value === '' ? 0n : toUnits(value as string | number);

function orderStatus(status: string | undefined): OrderStatus {
  if (status === 'open' || status === 'closed' || status === 'canceled' || status === 'rejected') {
    return status;
  }
  return 'open';
}

/** ccxt's errors to the adapter's kinds (the order matters: subclasses first). */
async function toFailure(error: unknown): Promise<ExchangeFailure> {
  if (error instanceof ExchangeFailure) return error;
  const ccxt = await loadCcxt();
  const message = error instanceof Error ? error.message : String(error);
  const kind = ((): ExchangeFailureKind => {
    if (error instanceof ccxt.InvalidNonce) return 'nonce';
    if (error instanceof ccxt.RateLimitExceeded || error instanceof ccxt.ExchangeNotAvailable) {
      return 'unavailable';
    }
    if (error instanceof ccxt.NetworkError) return 'network';
    if (error instanceof ccxt.InsufficientFunds) return 'insufficient_funds';
    if (error instanceof ccxt.OrderNotFound) return 'order_not_found';
    if (error instanceof ccxt.BadSymbol) return 'bad_symbol';
    // Bitfinex answers order refusals (minimum size, ...) with code 10001, which ccxt maps to
    // PermissionDenied: the text tells them apart
    if (/invalid order/i.test(message) || error instanceof ccxt.InvalidOrder)
      return 'invalid_order';
    if (error instanceof ccxt.PermissionDenied) return 'permission';
    if (error instanceof ccxt.AuthenticationError) return 'authentication';
    if (error instanceof ccxt.BadRequest) return 'invalid_order';
    return 'other';
  })();
  return new ExchangeFailure(kind, message);
}

/**
 * A client's nonces. ccxt's Bitfinex nonce is the time in ms, so two calls of one key within a
 * millisecond (a nearby exchange answers that fast) send the same nonce and the second is
 * refused: strictly increasing instead, and never behind the clock.
 */
export function increasingNonce(now: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return last;
  };
}

export function createCcxtBitfinexAdapter(options: CcxtBitfinexOptions = {}): ExchangeAdapter {
  const paper = options.paperUrl !== undefined;
  let publicClient: Promise<Exchange> | undefined;
  let marketsLoadedAt = 0;
  const clients = new Map<string, Exchange>();
  const queues = new Map<string, Promise<unknown>>();

  const baseUrl = async () =>
    typeof options.paperUrl === 'function' ? options.paperUrl() : options.paperUrl;

  const newClient = async (credentials?: ExchangeCredentials): Promise<Exchange> => {
    const ccxt = await loadCcxt();
    const client = new ccxt.bitfinex({
      enableRateLimit: !paper,
      timeout: options.timeoutMs ?? 10_000,
      ...(credentials ? { apiKey: credentials.apiKey, secret: credentials.secret } : {}),
    });
    client.nonce = increasingNonce();
    if (paper) {
      const url = await baseUrl();
      client.urls.test = { public: url, private: url, v1: url };
      client.setSandboxMode(true);
    }
    return client;
  };

  const marketsClient = async (): Promise<Exchange> => {
    const fresh = Date.now() - marketsLoadedAt < MARKETS_TTL_MS;
    if (!publicClient || !fresh) {
      const loading = (async () => {
        const client = await newClient();
        await client.loadMarkets();
        return client;
      })();
      publicClient = loading;
      loading.then(
        () => (marketsLoadedAt = Date.now()),
        () => {
          if (publicClient === loading) publicClient = undefined;
        },
      );
    }
    return publicClient;
  };

  const keyClient = async (credentials: ExchangeCredentials): Promise<Exchange> => {
    const id = createHash('sha256')
      .update(`${credentials.apiKey}\u0000${credentials.secret}`)
      .digest('hex');
    let client = clients.get(id);
    if (!client) {
      client = await newClient(credentials);
      if (clients.size >= MAX_CLIENTS) {
        const oldest = clients.keys().next().value;
        if (oldest !== undefined) clients.delete(oldest);
      }
      clients.set(id, client);
    }
    const markets = await marketsClient();
    if (client.markets !== markets.markets) {
      (client as unknown as { setMarkets(m: unknown, c: unknown): void }).setMarkets(
        markets.markets,
        markets.currencies,
      );
    }
    return client;
  };

  /** Run calls of one key one after another (the nonce must grow with each request). */
  const withKey = <T>(credentials: ExchangeCredentials, run: (client: Exchange) => Promise<T>) => {
    const previous = queues.get(credentials.apiKey) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        try {
          return await run(await keyClient(credentials));
        } catch (error) {
          throw await toFailure(error);
        }
      });
    queues.set(credentials.apiKey, next);
    const forget = () => {
      if (queues.get(credentials.apiKey) === next) queues.delete(credentials.apiKey);
    };
    next.then(forget, forget);
    return next;
  };

  const publicCall = async <T>(run: (client: Exchange) => Promise<T>): Promise<T> => {
    try {
      return await run(await marketsClient());
    } catch (error) {
      throw await toFailure(error);
    }
  };

  const toOrder = (raw: Record<string, unknown>): Order => ({
    id: String(raw.id),
    clientOrderId:
      raw.clientOrderId === undefined || raw.clientOrderId === null
        ? null
        : Number(raw.clientOrderId),
    symbol: String(raw.symbol),
    side: raw.side === 'sell' ? 'sell' : 'buy',
    type: String(raw.type ?? ''),
    status: orderStatus(raw.status as string | undefined),
    amount: units(raw.amount),
    filled: units(raw.filled),
    remaining: units(raw.remaining),
    price: units(raw.price),
    average: units(raw.average),
    timestamp: Number(raw.timestamp ?? 0),
  });

  const toFill = (raw: Record<string, unknown>): Fill => {
    const fee = (raw.fee ?? {}) as { cost?: unknown; currency?: unknown };
    const cost = units(fee.cost);
    return {
      id: String(raw.id),
      orderId: String(raw.order),
      symbol: String(raw.symbol),
      side: raw.side === 'sell' ? 'sell' : 'buy',
      amount: units(raw.amount),
      price: units(raw.price),
      fee: cost < 0n ? -cost : cost,
      feeCurrency: String(fee.currency ?? ''),
      maker: raw.takerOrMaker === 'maker',
      timestamp: Number(raw.timestamp ?? 0),
    };
  };

  const minOrderSize = async (symbol: string): Promise<bigint> => {
    const client = await marketsClient();
    const market = client.markets?.[symbol];
    if (!market) throw new ExchangeFailure('bad_symbol', `unknown market ${symbol}`);
    return units(market.limits.amount?.min);
  };

  const ticker = (symbol: string): Promise<Ticker> =>
    publicCall(async (client) => {
      const raw = await client.fetchTicker(symbol);
      return {
        symbol: raw.symbol ?? symbol,
        last: units(raw.last),
        bid: units(raw.bid),
        ask: units(raw.ask),
      };
    });

  const balances = (credentials: ExchangeCredentials): Promise<Balance[]> =>
    withKey(credentials, async (client) => {
      const raw = await client.fetchBalance();
      const totals = (raw.total ?? {}) as unknown as Record<string, number | undefined>;
      const frees = (raw.free ?? {}) as unknown as Record<string, number | undefined>;
      return Object.keys(totals)
        .sort()
        .map((currency) => ({
          currency,
          total: units(totals[currency]),
          free: units(frees[currency]),
        }));
    });

  // ---- funding: ccxt has no unified calls for Bitfinex's funding endpoints, so these use its
  // implicit methods (signed like every private call) and decode Bitfinex's arrays here
  type Implicit = Record<string, (params?: Record<string, unknown>) => Promise<unknown>>;
  const implicit = (client: Exchange, method: string, params: Record<string, unknown> = {}) =>
    (client as unknown as Implicit)[method]!(params) as Promise<unknown>;
  /** Bitfinex's currency id of a unified code (USDT -> UST) and back */
  const currencyId = (code: string) => (code === 'USDT' ? 'UST' : code);
  const currencyCode = (id: string) => (id === 'UST' ? 'USDT' : id);
  const rows = (raw: unknown): unknown[][] =>
    Array.isArray(raw) ? raw.filter((row): row is unknown[] => Array.isArray(row)) : [];
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const positive = (value: bigint) => (value < 0n ? -value : value);

  const toOffer = (row: unknown[]): FundingOffer => ({
    id: text(row[0]),
    currency: currencyCode(text(row[1]).replace(/^f/, '')),
    amount: units(row[4]),
    amountOrig: units(row[5]),
    rate: units(row[14]),
    period: Number(row[15] ?? 0),
    status: text(row[10]),
    timestamp: Number(row[2] ?? 0),
  });
  const toCredit = (row: unknown[]): FundingCredit => {
    const status = text(row[7]);
    return {
      id: text(row[0]),
      currency: currencyCode(text(row[1]).replace(/^f/, '')),
      amount: positive(units(row[5])),
      rate: units(row[11]),
      period: Number(row[12] ?? 0),
      status: status === 'ACTIVE' ? 'active' : 'closed',
      openedAt: Number(row[13] ?? row[3] ?? 0),
      lastPayoutAt: row[14] === null || row[14] === undefined ? null : Number(row[14]),
      closedAt: status === 'ACTIVE' ? null : Number(row[4] ?? 0),
    };
  };
  /** the notification of a write: [MTS, TYPE, MSG_ID, null, DATA, CODE, STATUS, TEXT] */
  const notified = (raw: unknown): unknown[] => {
    const data = Array.isArray(raw) ? raw[4] : undefined;
    if (!Array.isArray(data)) throw new ExchangeFailure('other', 'unexpected funding answer');
    return data as unknown[];
  };

  return {
    exchange: 'bitfinex',
    describe: () => ({ exchange: 'bitfinex', paper }),

    checkKey: (credentials) =>
      withKey(credentials, async (client): Promise<KeyPermissions> => {
        const raw = (await (
          client as unknown as { privatePostAuthRPermissions(): Promise<unknown> }
        ).privatePostAuthRPermissions()) as unknown[];
        const scopes: KeyPermissions['scopes'] = {};
        for (const row of Array.isArray(raw) ? raw : []) {
          if (!Array.isArray(row)) continue;
          const [scope, read, write] = row as [unknown, unknown, unknown];
          scopes[String(scope)] = { read: Number(read) === 1, write: Number(write) === 1 };
        }
        const readable = ['orders', 'wallets', 'history'].every((scope) => scopes[scope]?.read);
        return {
          scopes,
          trade: scopes.orders?.write === true,
          withdraw: scopes.withdraw?.write === true || scopes.withdraw?.read === true,
          read: readable,
        };
      }),

    balances,

    positions: async (credentials) => {
      const held = (await balances(credentials)).filter(
        (balance) => !QUOTES.has(balance.currency) && balance.total > 0n,
      );
      const markets = await marketsClient();
      const positions: Position[] = [];
      for (const balance of held) {
        const symbol = `${balance.currency}/USDT`;
        if (!markets.markets?.[symbol]) continue;
        const { last } = await ticker(symbol);
        positions.push({
          symbol,
          amount: balance.total,
          price: last,
          value: mulUnits(balance.total, last),
        });
      }
      return positions;
    },

    submitOrder: async (credentials, order: OrderRequest) => {
      if (order.amount <= 0n) throw new ExchangeFailure('invalid_order', 'amount must be positive');
      const minimum = await minOrderSize(order.symbol);
      if (order.amount < minimum) {
        // ccxt sends it anyway; Bitfinex would refuse it: refuse here with the same words
        throw new ExchangeFailure(
          'invalid_order',
          `Invalid order: minimum size for ${order.symbol} is ${fromUnits(minimum)}`,
        );
      }
      if (order.type === 'limit' && !order.price) {
        throw new ExchangeFailure('invalid_order', 'a limit order needs a price');
      }
      return withKey(credentials, async (client) => {
        const params: Record<string, unknown> = {};
        if (order.clientOrderId !== undefined) params.cid = order.clientOrderId;
        if (order.timeInForce === 'IOC') params.timeInForce = 'IOC';
        const raw = await client.createOrder(
          order.symbol,
          order.type,
          order.side,
          fromUnits(order.amount) as unknown as number,
          order.price === undefined ? undefined : (fromUnits(order.price) as unknown as number),
          params,
        );
        return toOrder(raw as unknown as Record<string, unknown>);
      });
    },

    cancelOrder: (credentials, id, symbol) =>
      withKey(credentials, async (client) =>
        toOrder((await client.cancelOrder(id, symbol)) as unknown as Record<string, unknown>),
      ),

    openOrders: (credentials, symbol) =>
      withKey(credentials, async (client) =>
        (await client.fetchOpenOrders(symbol)).map((raw) =>
          toOrder(raw as unknown as Record<string, unknown>),
        ),
      ),

    pastOrders: (credentials, symbol, since) =>
      withKey(credentials, async (client) =>
        (await client.fetchClosedOrders(symbol, since, 2_500))
          .map((raw) => toOrder(raw as unknown as Record<string, unknown>))
          .sort((a, b) => b.timestamp - a.timestamp),
      ),

    fills: (credentials, symbol, since) =>
      withKey(credentials, async (client) =>
        (await client.fetchMyTrades(symbol, since, 1_000))
          .map((raw) => toFill(raw as unknown as Record<string, unknown>))
          .sort((a, b) => b.timestamp - a.timestamp),
      ),

    ticker,

    book: (symbol, depth = 25) =>
      publicCall(async (client): Promise<OrderBook> => {
        const raw = await client.fetchOrderBook(symbol, depth);
        return {
          symbol,
          bids: raw.bids.map(([price, amount]) => [units(price), units(amount)]),
          asks: raw.asks.map(([price, amount]) => [units(price), units(amount)]),
        };
      }),

    markets: () =>
      publicCall(async (client): Promise<MarketInfo[]> =>
        Object.values(client.markets ?? {})
          .filter((market) => market?.spot)
          .map((market) => ({
            symbol: market!.symbol,
            base: market!.base,
            quote: market!.quote,
            minAmount: units(market!.limits.amount?.min),
          })),
      ),

    minOrderSize: (symbol) => publicCall(() => minOrderSize(symbol)),

    fundingBalances: (credentials) =>
      withKey(credentials, async (client) =>
        rows(await implicit(client, 'privatePostAuthRWallets'))
          .filter((row) => row[0] === 'funding')
          .map((row) => ({
            currency: currencyCode(text(row[1])),
            total: units(row[2]),
            free: units(row[4]),
          })),
      ),

    fundingBook: (currency, depth = 25) =>
      publicCall(async (client): Promise<FundingBook> => {
        const raw = rows(
          await implicit(client, 'publicGetBookSymbolPrecision', {
            symbol: `f${currencyId(currency)}`,
            precision: 'P0',
            len: depth,
          }),
        );
        // [RATE, PERIOD, COUNT, AMOUNT]: a positive amount is an offer (ask), negative a bid
        const levels = raw.map((row) => ({
          rate: units(row[0]),
          period: Number(row[1] ?? 0),
          amount: units(row[3]),
        }));
        return {
          currency,
          asks: levels
            .filter((level) => level.amount > 0n)
            .sort((a, b) => (a.rate < b.rate ? -1 : a.rate > b.rate ? 1 : 0)),
          bids: levels
            .filter((level) => level.amount < 0n)
            .map((level) => ({ ...level, amount: -level.amount }))
            .sort((a, b) => (a.rate > b.rate ? -1 : a.rate < b.rate ? 1 : 0)),
        };
      }),

    submitFundingOffer: (credentials, offer) =>
      withKey(credentials, async (client) =>
        toOffer(
          notified(
            await implicit(client, 'privatePostAuthWFundingOfferSubmit', {
              type: 'LIMIT',
              symbol: `f${currencyId(offer.currency)}`,
              amount: fromUnits(offer.amount),
              rate: fromUnits(offer.rate),
              period: offer.period,
            }),
          ),
        ),
      ),

    cancelFundingOffer: (credentials, id) =>
      withKey(credentials, async (client) =>
        toOffer(
          notified(
            await implicit(client, 'privatePostAuthWFundingOfferCancel', { id: Number(id) }),
          ),
        ),
      ),

    fundingOffers: (credentials, currency) =>
      withKey(credentials, async (client) =>
        rows(
          await implicit(client, 'privatePostAuthRFundingOffersSymbol', {
            symbol: `f${currencyId(currency)}`,
          }),
        ).map(toOffer),
      ),

    fundingCredits: (credentials, currency) =>
      withKey(credentials, async (client) =>
        rows(
          await implicit(client, 'privatePostAuthRFundingCreditsSymbol', {
            symbol: `f${currencyId(currency)}`,
          }),
        ).map(toCredit),
      ),

    fundingCreditHistory: (credentials, currency, since) =>
      withKey(credentials, async (client) =>
        rows(
          await implicit(client, 'privatePostAuthRFundingCreditsSymbolHist', {
            symbol: `f${currencyId(currency)}`,
            ...(since === undefined ? {} : { start: since }),
            limit: 500,
          }),
        ).map(toCredit),
      ),

    fundingLedger: (credentials, currency, since) =>
      withKey(credentials, async (client) =>
        rows(
          await implicit(client, 'privatePostAuthRLedgersCurrencyHist', {
            currency: currencyId(currency),
            ...(since === undefined ? {} : { start: since }),
            limit: 2_500,
          }),
        )
          .map((row): FundingLedgerEntry => {
            const description = text(row[8]);
            const credit = /credit #(\d+)/.exec(description);
            return {
              id: text(row[0]),
              currency: currencyCode(text(row[1])),
              amount: units(row[5]),
              balance: units(row[6]),
              description,
              timestamp: Number(row[3] ?? 0),
              creditId: credit ? (credit[1] as string) : null,
              interest: /margin funding payment/i.test(description),
            };
          })
          .sort((a, b) => b.timestamp - a.timestamp),
      ),
  };
}
