import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { ExchangeAdapter } from '../exchange/adapter';
import { createCcxtBitfinexAdapter } from '../exchange/ccxt-bitfinex';
import { createPaperExchange, type PaperExchange } from '../exchange/paper/server';
import {
  createSimulatorAdapter,
  type DepositNetworkAdapter,
  SIMULATED_NETWORKS,
} from '../domain/wallet/deposit-networks';
import { createLocalPriceFeed, type LocalPriceFeed } from '../domain/wallet/price-feed';
import {
  createSimulatedPayoutAdapter,
  type PayoutAdapter,
} from '../domain/wallet/withdrawal-payouts';

/**
 * The wallet's adapters to the outside world. Each has a local implementation that is the
 * default, so the production code path runs in development and tests; `buildApp({ adapters })`
 * replaces any of them (a test's fake, a real node or exchange in production). Routes, jobs and
 * operator commands use the instances decorated here (`app.adapters`, also in `app.wallet`) and
 * never create one themselves.
 *
 * A new adapter (an exchange, say) is one more field: its interface next to the domain that
 * uses it, its local default in `createAdapters`, and it reaches the domain through
 * `app.adapters` or the domain's deps.
 */
export interface Adapters {
  /** USDT prices (the quotation service); local: BCNT_PRICE_USDT, moved by `ops price set` */
  prices: LocalPriceFeed;
  /** Bitcoin and TRON withdrawal payouts; local: a simulator (domain/wallet/withdrawal-payouts) */
  payouts: PayoutAdapter;
  /** Bitcoin and TRON deposit networks; local: simulators (domain/wallet/deposit-networks) */
  depositNetworks: readonly DepositNetworkAdapter[];
  /**
   * Members' exchange accounts through their API keys (server/exchange): ccxt's bitfinex, at
   * api.bitfinex.com with EXCHANGE=bitfinex, else at the local paper exchange (`paperExchange`)
   */
  exchange: ExchangeAdapter;
  /**
   * The local paper exchange the `exchange` adapter talks to (EXCHANGE=paper), for the operator's
   * commands (keys, funds); absent with a real exchange. By default it is in memory and starts
   * listening on first use; start.ts gives one on PAPER_EXCHANGE_PORT that keeps its state in
   * DATA_DIR.
   */
  paperExchange?: PaperExchange | undefined;
}

export interface AdapterContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
}

/** The given adapters, the local default for each one not given. */
export function createAdapters(context: AdapterContext, given: Partial<Adapters> = {}): Adapters {
  const { db, clock, config } = context;
  let exchange = given.exchange;
  let paperExchange = given.paperExchange;
  if (!exchange) {
    if (config.exchange === 'bitfinex') {
      exchange = createCcxtBitfinexAdapter();
    } else {
      const paper = (paperExchange ??= createPaperExchange({ clock }));
      exchange = createCcxtBitfinexAdapter({ paperUrl: () => paper.listen() });
    }
  }
  return {
    exchange,
    paperExchange,
    prices: given.prices ?? createLocalPriceFeed(db, clock, config.bcntPriceUsdt),
    payouts: given.payouts ?? createSimulatedPayoutAdapter(),
    depositNetworks:
      given.depositNetworks ??
      SIMULATED_NETWORKS.map((network) => createSimulatorAdapter(db, network)),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the adapters of this app (buildApp's `adapters` option, local defaults otherwise) */
    adapters: Adapters;
  }
}

export interface AdaptersPluginOptions {
  adapters?: Partial<Adapters>;
}

async function adaptersPlugin(app: FastifyInstance, options: AdaptersPluginOptions) {
  const adapters = createAdapters(
    { db: app.db, clock: app.clock, config: app.config },
    options.adapters,
  );
  app.decorate('adapters', adapters);
  app.addHook('onClose', async () => adapters.paperExchange?.close());
}

export default fp(adaptersPlugin, { name: 'app-adapters', dependencies: ['app-context'] });
