import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import {
  exchangeApiKeys,
  type lendingStrategies,
  type lendingSubscriptions,
} from '../../db/schema';
import type { ExchangeAdapter, ExchangeCredentials } from '../../exchange/adapter';
import { credentialsOf } from '../../exchange/api-keys';
import { deriveAuthKeys } from '../auth/crypto';
import type { Outbox } from '../auth/outbox';
import type { PriceFeed } from '../wallet/price-feed';

/**
 * What the lending bot needs: the database, the clock, the exchange adapter (ccxt; the paper
 * exchange outside production), the price feed (the BCNT fee), the data-at-rest key that opens
 * members' API secrets, the outbox (e-mails) and the app's origin (links in them).
 */
export interface LendingDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'appOrigin'>;
  exchange: ExchangeAdapter;
  prices: PriceFeed;
  dataKey: Buffer;
  outbox: Outbox;
  log: { warn(obj: object, msg?: string): void };
}

/** The deps from the wallet's (routes, jobs, operator commands) plus the outbox. */
export function lendingDepsOf(
  wallet: {
    db: Db;
    clock: Clock;
    config: AppConfig;
    exchange: ExchangeAdapter;
    prices: PriceFeed;
    log: { warn(obj: object, msg?: string): void };
  },
  outbox: Outbox,
): LendingDeps {
  return {
    db: wallet.db,
    clock: wallet.clock,
    config: wallet.config,
    exchange: wallet.exchange,
    prices: wallet.prices,
    dataKey: deriveAuthKeys(wallet.config).data,
    outbox,
    log: wallet.log,
  };
}

export type LendingStrategyRow = typeof lendingStrategies.$inferSelect;
export type LendingSubscriptionRow = typeof lendingSubscriptions.$inferSelect;

export const DAY_MS = 86_400_000;
/** the fee currencies by the platform's currency id (spec section 3) */
export const FEE_CURRENCY_BY_ID = { 28: 'USDT', 27: 'BCNT' } as const;
export const FEE_CURRENCY_ID = { USDT: 28, BCNT: 27 } as const;
/** custodial decimals of the fee currencies */
export const FEE_DECIMALS = { USDT: 6, BCNT: 18 } as const;
/** the bot's cycle: every subscription is looked at about every 10 minutes of the clock */
export const CYCLE_INTERVAL_MS = 10 * 60_000;
/** the e-mail before a renewal that cannot be paid goes this long before the period end */
export const PAYMENT_NOTICE_MS = 2 * DAY_MS;
export const LIVE_STATES = ['trial', 'active'] as const;

/** A member's key by id, opened. */
export async function keyCredentials(
  deps: Pick<LendingDeps, 'db' | 'dataKey'>,
  apiKeyId: number,
): Promise<{ credentials: ExchangeCredentials; row: typeof exchangeApiKeys.$inferSelect }> {
  const [row] = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(eq(exchangeApiKeys.id, apiKeyId));
  if (!row) throw new Error(`api key ${apiKeyId} not found`);
  return { credentials: credentialsOf(deps, row), row };
}
