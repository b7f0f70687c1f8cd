import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PublicClient } from 'viem';
import { createChainClient } from '../chain/client';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { DepositNetworkAdapter } from '../domain/wallet/deposit-networks';
import type { ExchangeAdapter } from '../exchange/adapter';
import type { PaperExchange } from '../exchange/paper/server';
import { releaseLeases, takeLeases, withLease } from '../domain/wallet/leases';
import type { LocalPriceFeed } from '../domain/wallet/price-feed';
import type { PayoutAdapter } from '../domain/wallet/withdrawal-payouts';
import { createScheduler, type Scheduler, type SchedulerLogger } from '../scheduler';
import type { Adapters } from './adapters';

/** What the wallet domain (domain/wallet, domain/store) needs. */
export interface WalletDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  /** reads of RPC_URL (deposit watcher, withdrawal receipts) */
  chain: PublicClient;
  log: SchedulerLogger & { warn(obj: object, msg?: string): void };
  /** USDT prices (the quotation service): `adapters.prices` */
  prices: LocalPriceFeed;
  /** Bitcoin and TRON withdrawal payouts: `adapters.payouts` */
  payouts: PayoutAdapter;
  /** Bitcoin and TRON deposit networks: `adapters.depositNetworks` */
  depositNetworks: readonly DepositNetworkAdapter[];
  /** members' exchange accounts through their API keys: `adapters.exchange` */
  exchange: ExchangeAdapter;
  /** the local paper exchange (EXCHANGE=paper): `adapters.paperExchange` */
  paperExchange?: PaperExchange | undefined;
}

/**
 * The wallet deps over the given adapters (plugins/adapters.ts): the app's (`app.wallet`) and
 * the operator CLI's when it opens the database itself.
 */
export function createWalletDeps(
  context: Pick<WalletDeps, 'db' | 'clock' | 'config' | 'log'>,
  adapters: Adapters,
): WalletDeps {
  return {
    ...context,
    chain: createChainClient(context.config.rpcUrl),
    prices: adapters.prices,
    payouts: adapters.payouts,
    depositNetworks: adapters.depositNetworks,
    exchange: adapters.exchange,
    paperExchange: adapters.paperExchange,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletDeps;
    /**
     * The wallet scheduler (see scheduler.ts). buildApp registers the jobs of jobs/ on it;
     * start.ts starts it (SCHEDULER=true); tests run tasks with `runTask`.
     */
    scheduler: Scheduler;
  }
}

/** The lease a scheduled task runs under (also taken by the operator's run-now commands). */
const leaseOf = (task: string) => `task:${task}`;

async function walletPlugin(app: FastifyInstance) {
  const log = app.log.child({ component: 'wallet' });
  app.decorate(
    'wallet',
    createWalletDeps({ db: app.db, clock: app.clock, config: app.config, log }, app.adapters),
  );
  const scheduler = createScheduler({
    clock: app.clock,
    log: app.log.child({ component: 'scheduler' }),
    pollMs: app.config.schedulerPollMs,
    // one API process at a time runs a task (the hot wallet's nonces need one sender)
    guard: (name, work) => withLease(app.db, app.clock, leaseOf(name), work),
    batch: {
      take: async (names) => {
        const taken = await takeLeases(app.db, app.clock, names.map(leaseOf));
        return new Set(names.filter((name) => taken.has(leaseOf(name))));
      },
      release: (names) => releaseLeases(app.db, names.map(leaseOf)),
    },
  });
  app.decorate('scheduler', scheduler);
  // preClose: before the database (closed in onClose) goes away.
  app.addHook('preClose', async () => scheduler.stop());
}

export default fp(walletPlugin, {
  name: 'app-wallet',
  dependencies: ['app-context', 'app-adapters'],
});
