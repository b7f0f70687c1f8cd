import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../clock';
import { fromUnits, toUnits } from '../decimal';
import {
  type PaperEngine as Engine,
  PaperEngine,
  PaperError,
  type PaperFill,
  type PaperKey,
  type PaperOrder,
  type PaperState,
  PERMISSION_SCOPES,
  type PermissionScope,
} from './engine';
import { FundingError, type PaperFundingCredit, type PaperFundingOffer } from './funding';
import { PaperMarket } from './market';

/**
 * The paper exchange: an HTTP server answering the part of Bitfinex's REST API v2 that ccxt's
 * `bitfinex` class uses for spot trading, on the engine's accounts and the seeded market
 * (engine.ts, market.ts). ccxt reaches it through `urls.test` and `setSandboxMode(true)`
 * (exchange/ccxt-bitfinex.ts), so the production code path runs against it.
 *
 * Public (GET /v2/...): platform/status, conf/{labels} (pairs with their minimum and maximum
 * size, currencies), ticker/{symbol}, book/{symbol}/{R0|P0}.
 * Authenticated (POST /v2/auth/...): r/permissions, r/wallets, w/order/submit, w/order/cancel,
 * r/orders[/{symbol}], r/orders[/{symbol}]/hist, r/trades[/{symbol}]/hist. Each checks the
 * headers ccxt sends: `bfx-apikey`, `bfx-nonce` (strictly increasing per key) and `bfx-signature`
 * = hex HMAC-SHA384 of `/api/v2/<path><nonce><body>` with the key's secret; failures answer 500
 * `["error", code, text]` as Bitfinex does (10100 key or signature, 10114 nonce, 10001 order).
 *
 * Time is the server clock (the API's, moved by the dev clock control): prices, fills and order
 * times follow it. `dropNextReply()` makes the next authenticated write execute and then close
 * the connection without an answer (a reply lost after the order reached the exchange).
 */

export interface PaperExchangeOptions {
  clock: Clock;
  /** the seed of the price process (same seed + anchor + clock = same market) */
  seed?: string;
  /** where the state is kept between restarts (JSON, mode 0600); none: memory only */
  stateFile?: string;
  port?: number;
  host?: string;
}

export interface PaperExchange {
  readonly engine: Engine;
  /** http://host:port once listening */
  readonly url: string;
  listen(): Promise<string>;
  close(): Promise<void>;
  /** The next authenticated write (of this key, or any) executes, then its reply is dropped. */
  dropNextReply(apiKey?: string): void;
  /** how many replies were dropped so far */
  readonly droppedReplies: number;
}

const SERIALISED_BIGINT = /^\$big:(-?\d+)$/;

function serialiseState(anchorMinute: number, seed: string, state: PaperState): string {
  return JSON.stringify(
    {
      anchorMinute,
      seed,
      state: {
        ...state,
        accounts: state.accounts.map((account) => ({
          ...account,
          wallets: Object.fromEntries(account.wallets),
        })),
      },
    },
    (_key, value: unknown) => (typeof value === 'bigint' ? `$big:${value}` : value),
  );
}

function parseState(text: string): { anchorMinute: number; seed: string; state: PaperState } {
  const parsed = JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'string') {
      const match = SERIALISED_BIGINT.exec(value);
      if (match) return BigInt(match[1] as string);
    }
    return value;
  }) as {
    anchorMinute: number;
    seed: string;
    state: PaperState & {
      accounts: { id: number; name: string; wallets: Record<string, bigint> }[];
    };
  };
  return {
    anchorMinute: parsed.anchorMinute,
    seed: parsed.seed,
    state: {
      ...parsed.state,
      accounts: parsed.state.accounts.map((account) => ({
        ...account,
        wallets: new Map(Object.entries(account.wallets)),
      })),
    },
  };
}

/** A JSON number written from units of 1e-8 without going through a float. */
class Num {
  constructor(readonly units: bigint) {}
}
const num = (units: bigint) => new Num(units);

function toJson(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Num) {
      marks.push(fromUnits(item.units));
      return `\u0000${marks.length - 1}\u0000`;
    }
    return item;
  });
  return text.replace(
    /"\\u0000(\d+)\\u0000"/g,
    (_match, index: string) => marks[Number(index)] ?? '0',
  );
}

function orderStatus(engine: Engine, order: PaperOrder): string {
  const filled = order.amount - order.remaining;
  const detail = ` @ ${fromUnits(engine.averagePrice(order))}(${fromUnits(filled)})`;
  if (order.status === 'ACTIVE') return 'ACTIVE';
  if (order.status === 'PARTIALLY FILLED') return `PARTIALLY FILLED${detail}`;
  if (order.status === 'EXECUTED') return `EXECUTED${detail}`;
  return filled === 0n ? 'CANCELED' : `CANCELED was: PARTIALLY FILLED${detail}`;
}

/** Bitfinex's order array (32 fields) */
function orderArray(engine: Engine, order: PaperOrder): unknown[] {
  return [
    order.id,
    null,
    order.cid,
    `t${order.pairId}`,
    order.createdAt,
    order.updatedAt,
    num(order.remaining),
    num(order.amount),
    order.type,
    null,
    null,
    null,
    order.flags,
    orderStatus(engine, order),
    null,
    null,
    num(order.price),
    num(engine.averagePrice(order)),
    num(0n),
    num(0n),
    null,
    null,
    null,
    0,
    0,
    null,
    null,
    null,
    'API>BFX',
    null,
    null,
    {},
  ];
}

function fillArray(engine: Engine, fill: PaperFill): unknown[] {
  const order = engine.snapshot().orders.find((row) => row.id === fill.orderId);
  return [
    fill.id,
    `t${fill.pairId}`,
    fill.mts,
    fill.orderId,
    num(fill.amount),
    num(fill.price),
    order?.type ?? 'EXCHANGE LIMIT',
    num(order?.price ?? 0n),
    fill.maker ? 1 : -1,
    num(-fill.fee),
    fill.feeCurrency,
    order?.cid ?? null,
  ];
}

/** Bitfinex's funding offer array */
function offerArray(offer: PaperFundingOffer): unknown[] {
  const status =
    offer.status === 'CANCELED'
      ? 'CANCELED'
      : offer.status === 'EXECUTED'
        ? `EXECUTED at ${fromUnits(offer.rate)}(${fromUnits(offer.amountOrig)})`
        : offer.status;
  return [
    offer.id,
    `f${offer.currency}`,
    offer.createdAt,
    offer.updatedAt,
    num(offer.amount),
    num(offer.amountOrig),
    'LIMIT',
    null,
    null,
    0,
    status,
    null,
    null,
    null,
    num(offer.rate),
    offer.period,
    0,
    0,
    null,
    0,
    null,
  ];
}

/** Bitfinex's funding credit array (the member's money lent out) */
function creditArray(credit: PaperFundingCredit): unknown[] {
  return [
    credit.id,
    `f${credit.currency}`,
    1,
    credit.openedAt,
    credit.closedAt ?? credit.lastPayoutAt ?? credit.openedAt,
    num(credit.amount),
    0,
    credit.status,
    'FIXED',
    null,
    null,
    num(credit.rate),
    credit.period,
    credit.openedAt,
    credit.lastPayoutAt,
    0,
    0,
    null,
    0,
    null,
    0,
    null,
  ];
}

class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) {
        reject(new PaperError(10020, 'request: too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** the ms limits ccxt sends (`start`, `end`, `limit`) */
function window(body: Record<string, unknown>, clockNow: number) {
  const start = typeof body.start === 'number' ? body.start : undefined;
  // ccxt sends `end: Date.now()` (system time); the paper exchange's clock may run ahead (the dev
  // clock control), so an end at or after system time minus a minute means "now" on its clock
  const rawEnd = typeof body.end === 'number' ? body.end : undefined;
  const end = rawEnd === undefined || rawEnd >= Date.now() - 60_000 ? clockNow : rawEnd;
  const limit = typeof body.limit === 'number' ? Math.min(Math.max(body.limit, 1), 2_500) : 25;
  return { start, end, limit };
}

export function createPaperExchange(options: PaperExchangeOptions): PaperExchange {
  const { clock } = options;
  let seed = options.seed ?? 'bcnt-paper-exchange';
  let anchor = clock.now();
  let state: PaperState | undefined;
  if (options.stateFile && existsSync(options.stateFile)) {
    const saved = parseState(readFileSync(options.stateFile, 'utf8'));
    seed = saved.seed;
    anchor = new Date(saved.anchorMinute * 60_000);
    state = saved.state;
  }
  const engine = new PaperEngine(clock, { seed, anchor, ...(state ? { state } : {}) });
  let saveScheduled = false;
  const save = () => {
    if (!options.stateFile || saveScheduled) return;
    saveScheduled = true;
    queueMicrotask(() => {
      saveScheduled = false;
      const file = options.stateFile as string;
      try {
        writeFileSync(
          `${file}.tmp`,
          serialiseState(engine.market.anchorMinute, seed, engine.snapshot()),
          { mode: 0o600 },
        );
        renameSync(`${file}.tmp`, file);
      } catch (error) {
        // the exchange keeps working in memory; the next change tries again
        console.error(`paper exchange: cannot save ${file}: ${(error as Error).message}`);
      }
    });
  };
  engine.onChange = save;

  let url = '';
  let dropped = 0;
  let dropFor: { apiKey: string | undefined } | undefined;

  const publicGet = (parts: string[], query: URLSearchParams): unknown => {
    const [what, ...rest] = parts;
    engine.catchUp();
    const minute = PaperMarket.minuteOf(clock.now());
    if (what === 'platform' && rest[0] === 'status') return [1];
    if (what === 'conf' && rest[0]) {
      return decodeURIComponent(rest.join('/'))
        .split(',')
        .map((label) => {
          const pairs = engine.market.pairs;
          if (label === 'pub:info:pair') {
            return pairs.map((pair) => [
              pair.id,
              [
                null,
                null,
                null,
                fromUnits(pair.minSize),
                fromUnits(pair.maxSize),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
              ],
            ]);
          }
          if (label === 'pub:list:currency') {
            return [...new Set(pairs.flatMap((pair) => [pair.base, pair.quote]))];
          }
          if (label === 'pub:list:pair:exchange') return pairs.map((pair) => pair.id);
          if (label === 'pub:map:currency:sym') return [['UST', 'USDt']];
          if (label === 'pub:map:currency:label') {
            return [
              ['BTC', 'Bitcoin'],
              ['ETH', 'Ethereum'],
              ['SOL', 'Solana'],
              ['UST', 'Tether USDt'],
            ];
          }
          return [];
        });
    }
    const symbol = rest[0] ?? '';
    if (what === 'book' && symbol.startsWith('f')) {
      // funding book: [RATE, PERIOD, COUNT, AMOUNT], AMOUNT > 0 an offer (ask), < 0 a bid
      const currency = engine.funding.market.currency(symbol.slice(1));
      if (!currency) throw new PaperError(10020, 'symbol: invalid');
      const book = engine.funding.market.book(currency.id, minute);
      const length = Number(query.get('len') ?? 25);
      const levels = Number.isFinite(length) ? Math.max(1, Math.min(length, 100)) : 25;
      return [
        ...book.bids
          .slice(0, levels)
          .map((level) => [num(level.rate), level.period, 1, num(-level.amount)]),
        ...book.asks
          .slice(0, levels)
          .map((level) => [num(level.rate), level.period, 1, num(level.amount)]),
      ];
    }
    const pair = engine.market.pair(symbol.startsWith('t') ? symbol.slice(1) : symbol);
    if (what === 'ticker' || what === 'book') {
      if (!pair) throw new PaperError(10020, 'symbol: invalid');
      const book = engine.market.book(pair.id, minute);
      if (what === 'ticker') {
        const dayAgo = engine.market.mid(pair.id, minute - 24 * 60);
        const last = book.mid;
        let high = last;
        let low = last;
        for (let m = minute - 24 * 60; m < minute; m += 15) {
          const price = engine.market.mid(pair.id, m);
          if (price > high) high = price;
          if (price < low) low = price;
        }
        const bid = book.bids[0];
        const ask = book.asks[0];
        const change = last - dayAgo;
        return [
          num(bid?.price ?? last),
          num(bid?.size ?? 0n),
          num(ask?.price ?? last),
          num(ask?.size ?? 0n),
          num(change),
          dayAgo === 0n ? 0 : Number((change * 1_000_000n) / dayAgo) / 1_000_000,
          num(last),
          num(
            engine
              .snapshot()
              .fills.filter(
                (fill) => fill.pairId === pair.id && fill.mts > clock.now().getTime() - 86_400_000,
              )
              .reduce((sum, fill) => sum + (fill.amount < 0n ? -fill.amount : fill.amount), 0n),
          ),
          num(high),
          num(low),
        ];
      }
      const precision = rest[1] ?? 'P0';
      const length = Number(query.get('len') ?? 25);
      const levels = Number.isFinite(length) ? Math.max(1, Math.min(length, 100)) : 25;
      const bids = book.bids.slice(0, levels);
      const asks = book.asks.slice(0, levels);
      if (precision === 'R0') {
        // raw "orders": [ID, PRICE, AMOUNT] with a synthetic id per level
        return [
          ...bids.map((level) => [minute * 100 + level.level, num(level.price), num(level.size)]),
          ...asks.map((level) => [
            minute * 100 + 50 + level.level,
            num(level.price),
            num(-level.size),
          ]),
        ];
      }
      return [
        ...bids.map((level) => [num(level.price), 1, num(level.size)]),
        ...asks.map((level) => [num(level.price), 1, num(-level.size)]),
      ];
    }
    throw new HttpAnswer(404, ['error', 10020, 'endpoint: not found']);
  };

  /** the funding endpoints (offers, credits, the ledger); undefined for any other path */
  const fundingCall = (
    key: PaperKey,
    path: string,
    body: Record<string, unknown>,
    now: number,
  ): unknown => {
    const account = key.accountId;
    const currencyOf = (symbol: string | undefined) => {
      if (symbol === undefined) return undefined;
      const currency = engine.funding.market.currency(symbol.replace(/^f/, ''));
      if (!currency) throw new PaperError(10020, 'symbol: invalid');
      return currency.id;
    };
    if (path === 'auth/w/funding/offer/submit') {
      engine.requirePermission(key, 'funding', 'write');
      if (String(body.type ?? 'LIMIT') !== 'LIMIT') throw new PaperError(10020, 'type: invalid');
      const offer = engine.funding.submitOffer(account, {
        currency: currencyOf(String(body.symbol ?? '')) as string,
        amount: toUnits(String(body.amount ?? '')),
        rate: toUnits(String(body.rate ?? '')),
        period: Number(body.period),
      });
      return [
        now,
        'fon-req',
        null,
        null,
        offerArray(offer),
        null,
        'SUCCESS',
        'Submitting funding offer.',
      ];
    }
    if (path === 'auth/w/funding/offer/cancel') {
      engine.requirePermission(key, 'funding', 'write');
      const id = Number(body.id);
      if (!Number.isSafeInteger(id)) throw new PaperError(10020, 'id: invalid');
      const offer = engine.funding.cancelOffer(account, id);
      return [
        now,
        'foc-req',
        null,
        null,
        offerArray(offer),
        null,
        'SUCCESS',
        `Submitted for cancellation (ID: ${id}).`,
      ];
    }
    const offers = /^auth\/r\/funding\/offers(?:\/(f[A-Z0-9]+))?$/.exec(path);
    if (offers) {
      engine.requirePermission(key, 'funding', 'read');
      return engine.funding.openOffers(account, currencyOf(offers[1])).map(offerArray);
    }
    const credits = /^auth\/r\/funding\/credits(?:\/(f[A-Z0-9]+))?(\/hist)?$/.exec(path);
    if (credits) {
      engine.requirePermission(key, 'funding', 'read');
      const currency = currencyOf(credits[1]);
      if (!credits[2]) return engine.funding.activeCredits(account, currency).map(creditArray);
      const { start, end, limit } = window(body, now);
      return engine.funding
        .closedCredits(account, currency)
        .filter((credit) => {
          const closed = credit.closedAt ?? 0;
          return (start === undefined || closed >= start) && closed <= end;
        })
        .slice(0, limit)
        .map(creditArray);
    }
    const ledgers = /^auth\/r\/ledgers(?:\/([A-Z0-9]+))?\/hist$/.exec(path);
    if (ledgers) {
      engine.requirePermission(key, 'history', 'read');
      const { start, end, limit } = window(body, now);
      return engine.funding
        .ledger(account, ledgers[1])
        .filter((entry) => (start === undefined || entry.mts >= start) && entry.mts <= end)
        .slice(0, limit)
        .map((entry) => [
          entry.id,
          entry.currency,
          entry.wallet,
          entry.mts,
          null,
          num(entry.amount),
          num(entry.balance),
          null,
          entry.description,
        ]);
    }
    return undefined;
  };

  const authenticated = (key: PaperKey, path: string, body: Record<string, unknown>): unknown => {
    engine.catchUp();
    engine.funding.catchUp();
    const account = key.accountId;
    const now = clock.now().getTime();
    const symbolPair = (symbol: string | undefined) => {
      if (symbol === undefined) return undefined;
      const pair = engine.market.pair(symbol.startsWith('t') ? symbol.slice(1) : symbol);
      if (!pair) throw new PaperError(10020, 'symbol: invalid');
      return pair.id;
    };
    if (path === 'auth/r/permissions') {
      // any valid key may read its own permissions (how a platform checks a key before use)
      return PERMISSION_SCOPES.map((scope: PermissionScope) => [
        scope,
        key.permissions[scope].read ? 1 : 0,
        key.permissions[scope].write ? 1 : 0,
      ]);
    }
    if (path === 'auth/r/wallets') {
      engine.requirePermission(key, 'wallets', 'read');
      const row =
        (type: 'exchange' | 'funding') =>
        (wallet: { currency: string; balance: bigint; available: bigint }) => [
          type,
          wallet.currency,
          num(wallet.balance),
          num(0n),
          num(wallet.available),
          null,
          null,
        ];
      return [
        ...engine.wallets(account).map(row('exchange')),
        ...engine.funding.wallets(account).map(row('funding')),
      ];
    }
    if (path === 'auth/w/order/submit') {
      engine.requirePermission(key, 'orders', 'write');
      const amount = toUnits(String(body.amount ?? ''));
      const order = engine.submitOrder(account, {
        type: String(body.type ?? ''),
        symbol: String(body.symbol ?? ''),
        amount,
        price: body.price === undefined ? undefined : toUnits(String(body.price)),
        cid: typeof body.cid === 'number' ? body.cid : undefined,
        flags: typeof body.flags === 'number' ? body.flags : undefined,
      });
      return [
        now,
        'on-req',
        null,
        null,
        [orderArray(engine, order)],
        null,
        'SUCCESS',
        'Submitting 1 orders.',
      ];
    }
    if (path === 'auth/w/order/cancel') {
      engine.requirePermission(key, 'orders', 'write');
      const id = Number(body.id);
      if (!Number.isSafeInteger(id)) throw new PaperError(10020, 'id: invalid');
      const order = engine.cancelOrder(account, id);
      return [
        now,
        'oc-req',
        null,
        null,
        orderArray(engine, order),
        null,
        'SUCCESS',
        `Submitted for cancellation; waiting for confirmation (ID: ${id}).`,
      ];
    }
    const funding = fundingCall(key, path, body, now);
    if (funding !== undefined) return funding;
    const orders = /^auth\/r\/orders(?:\/(t[A-Z0-9:]+))?(\/hist)?$/.exec(path);
    if (orders) {
      engine.requirePermission(key, 'orders', 'read');
      const pairId = symbolPair(orders[1]);
      if (!orders[2])
        return engine.openOrders(account, pairId).map((order) => orderArray(engine, order));
      const { start, end, limit } = window(body, now);
      return engine
        .pastOrders(account, pairId)
        .filter(
          (order) => (start === undefined || order.updatedAt >= start) && order.updatedAt <= end,
        )
        .slice(0, limit)
        .map((order) => orderArray(engine, order));
    }
    const trades = /^auth\/r\/trades(?:\/(t[A-Z0-9:]+))?\/hist$/.exec(path);
    if (trades) {
      engine.requirePermission(key, 'history', 'read');
      const { start, end, limit } = window(body, now);
      return engine
        .fills(account, symbolPair(trades[1]))
        .filter((fill) => (start === undefined || fill.mts >= start) && fill.mts <= end)
        .slice(0, limit)
        .map((fill) => fillArray(engine, fill));
    }
    throw new HttpAnswer(404, ['error', 10020, 'endpoint: not found']);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(toJson(body));
    };
    try {
      const address = new URL(request.url ?? '/', 'http://paper.invalid');
      const match = /^\/v2\/(.+)$/.exec(address.pathname);
      if (!match) return answer(404, ['error', 10020, 'endpoint: not found']);
      const path = match[1] as string;
      if (request.method === 'GET') {
        return answer(200, publicGet(path.split('/'), address.searchParams));
      }
      if (request.method !== 'POST' || !path.startsWith('auth/')) {
        return answer(404, ['error', 10020, 'endpoint: not found']);
      }
      const raw = await readBody(request);
      const key = engine.keyFor(header(request, 'bfx-apikey'));
      const nonce = header(request, 'bfx-nonce');
      const expected = createHmac('sha384', key.secret)
        .update(`/api/v2/${path}${nonce}${raw}`)
        .digest();
      const given = Buffer.from(header(request, 'bfx-signature'), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PaperError(10100, 'apikey: digest invalid');
      }
      engine.acceptNonce(key, nonce);
      let body: Record<string, unknown> = {};
      if (raw.trim()) {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          body = parsed as Record<string, unknown>;
        }
      }
      const result = authenticated(key, path, body);
      if (
        path.startsWith('auth/w/') &&
        dropFor &&
        (!dropFor.apiKey || dropFor.apiKey === key.apiKey)
      ) {
        dropFor = undefined;
        dropped += 1;
        request.socket.destroy();
        return;
      }
      return answer(200, result);
    } catch (error) {
      if (error instanceof HttpAnswer) return answer(error.status, error.body);
      if (error instanceof PaperError || error instanceof FundingError) {
        return answer(500, ['error', error.code, error.message]);
      }
      if (error instanceof SyntaxError || error instanceof RangeError) {
        return answer(500, ['error', 10020, `request: invalid (${error.message})`]);
      }
      return answer(500, ['error', 10000, 'internal error']);
    }
  };

  let server: Server | undefined;
  return {
    engine,
    get url() {
      return url;
    },
    get droppedReplies() {
      return dropped;
    },
    dropNextReply(apiKey?: string) {
      dropFor = { apiKey };
    },
    async listen() {
      if (server) return url;
      server = createServer((request, response) => void handle(request, response));
      server.keepAliveTimeout = 5_000;
      const host = options.host ?? '127.0.0.1';
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(options.port ?? 0, host, () => resolve());
      });
      const { port } = server.address() as AddressInfo;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      return url;
    },
    async close() {
      const running = server;
      server = undefined;
      if (!running) return;
      running.closeAllConnections();
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}
