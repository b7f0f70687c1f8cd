import type { Clock } from '../../clock';
import { ExchangeFailure, type ExchangeAdapter } from '../../exchange/adapter';
import { fromUnits } from '../../exchange/decimal';
import type { PriceFeed } from '../wallet/price-feed';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  BCNT_SYMBOL,
  QuotationError,
  type QuotationMarket,
  type QuotationSymbol,
  type QuotationTicker,
} from '../../../shared/api/quotation';
import { AppError } from '../../errors';

/**
 * The quotation service (spec section 7): the exchange's symbols, a symbol's ticker and its
 * market (order book), through the exchange adapter (ccxt's Bitfinex, pointed at the local
 * paper exchange by default, so development and tests read the paper market), and BCNT/USDT
 * from the platform's price feed. Bitfinex calls USDT "UST"; ccxt's unified symbols already say
 * USDT. An unknown symbol is a 404; an exchange that does not answer is a 500 (the browser
 * retries), never a 503 (which means maintenance to the browser).
 */
export interface QuotationDeps {
  exchange: ExchangeAdapter;
  prices: PriceFeed;
  clock: Clock;
}

const DEFAULT_DEPTH = 10;

function unknownSymbol(): AppError {
  return new AppError(ErrorCode.notFound, QuotationError.unknownSymbol, { field: 'symbol' });
}

async function fromExchange<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ExchangeFailure && error.kind === 'bad_symbol') throw unknownSymbol();
    throw new AppError(ErrorCode.internal, QuotationError.unavailable);
  }
}

async function exchangeSymbols(deps: QuotationDeps): Promise<Set<string>> {
  const markets = await fromExchange(() => deps.exchange.markets());
  return new Set(markets.map((market) => market.symbol));
}

export async function listSymbols(deps: QuotationDeps): Promise<QuotationSymbol[]> {
  const markets = await fromExchange(() => deps.exchange.markets());
  return [
    { symbol: BCNT_SYMBOL, base: 'BCNT', quote: 'USDT', minAmount: null, source: 'platform' },
    ...markets
      .map((market): QuotationSymbol => ({
        symbol: market.symbol,
        base: market.base,
        quote: market.quote,
        minAmount: fromUnits(market.minAmount),
        source: 'exchange',
      }))
      .sort((a, b) => a.symbol.localeCompare(b.symbol)),
  ];
}

export async function symbolTicker(deps: QuotationDeps, symbol: string): Promise<QuotationTicker> {
  const at = deps.clock.now().toISOString();
  if (symbol === BCNT_SYMBOL) {
    const quote = await deps.prices.quote('BCNT');
    return { symbol, last: quote.priceUsdt, bid: quote.priceUsdt, ask: quote.priceUsdt, at };
  }
  // the exchange's symbol list first: an unknown pair is the caller's mistake, not an outage
  if (!(await exchangeSymbols(deps)).has(symbol)) throw unknownSymbol();
  const ticker = await fromExchange(() => deps.exchange.ticker(symbol));
  return {
    symbol,
    last: fromUnits(ticker.last),
    bid: fromUnits(ticker.bid),
    ask: fromUnits(ticker.ask),
    at,
  };
}

export async function symbolMarket(
  deps: QuotationDeps,
  symbol: string,
  depth = DEFAULT_DEPTH,
): Promise<QuotationMarket> {
  const at = deps.clock.now().toISOString();
  if (symbol === BCNT_SYMBOL) {
    const quote = await deps.prices.quote('BCNT');
    return { symbol, last: quote.priceUsdt, bids: [], asks: [], at };
  }
  if (!(await exchangeSymbols(deps)).has(symbol)) throw unknownSymbol();
  const [ticker, book] = await Promise.all([
    fromExchange(() => deps.exchange.ticker(symbol)),
    fromExchange(() => deps.exchange.book(symbol, depth)),
  ]);
  const level = ([price, amount]: [bigint, bigint]) => ({
    price: fromUnits(price),
    amount: fromUnits(amount),
  });
  return {
    symbol,
    last: fromUnits(ticker.last),
    bids: book.bids.slice(0, depth).map(level),
    asks: book.asks.slice(0, depth).map(level),
    at,
  };
}
