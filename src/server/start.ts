import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type App, buildApp, type BuildAppOptions } from './app';
import { OffsetClock, systemClock } from './clock';
import { type AppConfig, loadConfig } from './config';
import { API_PGLITE_THREAD } from './db/database';
import { seedDemoStrategies } from './domain/autotrade/seed';
import { BINFI_ROUNDS_TASK } from './domain/binfi/operator';
import { seedDemoRounds } from './domain/binfi/seed';
import { seedDemoContent } from './domain/content/seed';
import { seedDemoCatalog } from './domain/earn/demo-catalog';
import { seedLendingProducts } from './domain/lending/seed';
import { createCcxtBitfinexAdapter } from './exchange/ccxt-bitfinex';
import { autotradeDepsOf } from './jobs/autotrade-strategies';
import { createPaperExchange, type PaperExchange } from './exchange/paper/server';
import { generateOpsToken, removeApiFile, writeApiFile } from './ops/api-file';

export interface RunningApi {
  app: App;
  config: AppConfig;
  /** http://<host>:<port> as a browser on this machine reaches it */
  url: string;
  port: number;
  /** the local paper exchange's address (EXCHANGE=paper), e.g. http://127.0.0.1:8090 */
  paperExchangeUrl: string | undefined;
  /** Close the server and the database; removes DATA_DIR/api.json. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Build the app and listen. On PGlite (no DATABASE_URL) the process holds the data directory,
 * so it generates an ops token and writes DATA_DIR/api.json (mode 0600) for the operator CLI;
 * the file is removed when the server stops. Outside production the server runs on an
 * OffsetClock (moved by `POST /dev/clock/advance`); with INDEXER on the chain indexer starts.
 */
export async function startApi(
  options: Omit<BuildAppOptions, 'opsToken'> = {},
): Promise<RunningApi> {
  const env = options.env ?? process.env;
  const usesPglite = !options.db && !(options.config?.databaseUrl ?? env.DATABASE_URL);
  const opsToken = usesPglite ? generateOpsToken() : undefined;
  // unset NODE_ENV is production, as in loadConfig (fail closed)
  const nodeEnv = options.config?.nodeEnv ?? (env.NODE_ENV?.trim() || 'production');
  const clock = options.clock ?? (nodeEnv === 'production' ? systemClock : new OffsetClock());
  // EXCHANGE=paper: the paper exchange listens on PAPER_EXCHANGE_PORT on the API's clock (so the
  // dev clock control moves its market) and keeps its keys, wallets and orders in DATA_DIR
  const early = loadConfig(env, options.config, { resolveSecrets: false });
  let paper: PaperExchange | undefined;
  let adapters = options.adapters;
  if (early.exchange === 'paper' && !adapters?.exchange) {
    const exchange = createPaperExchange({
      clock,
      port: early.paperExchangePort,
      host: '127.0.0.1',
      ...(options.db ? {} : { stateFile: join(early.dataDir, 'paper-exchange.json') }),
    });
    paper = exchange;
    adapters = {
      ...adapters,
      paperExchange: exchange,
      exchange: createCcxtBitfinexAdapter({ paperUrl: () => exchange.listen() }),
    };
  }
  let app: App;
  try {
    app = await buildApp({
      ...options,
      clock,
      // PGlite in DATA_DIR: its engine on a thread of its own
      pgliteThread: API_PGLITE_THREAD,
      ...(adapters ? { adapters } : {}),
      ...(opsToken ? { opsToken } : {}),
    });
  } catch (error) {
    await paper?.close();
    throw error;
  }
  const config = app.config;
  // outside production an empty earn catalog gets the spec's example products
  if (config.nodeEnv !== 'production') {
    const seeded = await seedDemoCatalog(app.db, app.clock);
    if (seeded > 0) app.log.info({ products: seeded }, 'seeded the demo earn catalog');
    // the dev stack's posts and ad (the e2e stacks create theirs through the ops commands)
    if (config.nodeEnv === 'development') {
      const posts = await seedDemoContent(app.db, app.clock);
      if (posts > 0) app.log.info({ posts }, 'seeded the demo content');
    }
    // the lending bot's product (USDT on the exchange's funding market), product 1
    if ((await seedLendingProducts(app.db, app.clock)) > 0) {
      app.log.info('seeded the lending product');
    }
    // and, on the paper exchange, strategies that trade it (their records are real)
    if (paper) {
      try {
        const strategies = await seedDemoStrategies(autotradeDepsOf(app.wallet), paper);
        if (strategies > 0) app.log.info({ strategies }, 'seeded the demo autotrade strategies');
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'the demo autotrade strategies not seeded');
      }
    }
  }
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (opsToken) removeApiFile(config.dataDir, opsToken);
      await app.close();
    })();
    return stopped;
  };

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await stop();
    throw error;
  }
  if (paper) {
    try {
      await paper.listen();
    } catch (error) {
      await stop();
      throw error;
    }
  }
  if (config.indexer) app.indexer.start();
  if (config.scheduler) app.scheduler.start();
  // the dev stack's demo BinFi rounds on the local chain, in the background (the short raises
  // take about 20 s; the e2e stacks create theirs)
  if (config.nodeEnv === 'development' && config.indexer) {
    void app.scheduler
      .runExclusive(BINFI_ROUNDS_TASK, () => seedDemoRounds(app.wallet))
      .then((seeded) => {
        if (seeded.created.length > 0)
          app.log.info({ rounds: seeded.created }, 'seeded the demo BinFi rounds');
      })
      .catch((error: unknown) =>
        app.log.warn({ err: (error as Error).message }, 'the demo BinFi rounds not seeded'),
      );
  }
  const { port } = app.server.address() as AddressInfo;
  if (opsToken) {
    writeApiFile(config.dataDir, {
      pid: process.pid,
      port,
      host: config.host,
      opsToken,
      startedAt: app.clock.now().toISOString(),
    });
  }
  const browserHost =
    config.host === '0.0.0.0' || config.host === '::'
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
  return {
    app,
    config,
    url: `http://${browserHost}:${port}`,
    port,
    paperExchangeUrl: paper?.url,
    stop,
  };
}
