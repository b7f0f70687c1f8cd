import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { autotradeStrategies } from '../../db/schema';
import { exchangeApiKeys } from '../../db/schema';
import type { ExchangeAdapter, ExchangeCredentials } from '../../exchange/adapter';
import { credentialsOf } from '../../exchange/api-keys';
import { decryptAtRest, encryptAtRest } from '../auth/crypto';

/**
 * What Smart Autotrade trading needs: the database, the clock, the exchange adapter (ccxt; the
 * paper exchange outside production) and the data-at-rest key that seals the strategies' and
 * the members' exchange secrets.
 */
export interface AutotradeDeps {
  db: Db;
  clock: Clock;
  exchange: ExchangeAdapter;
  /** AuthKeys.data (derived from DATA_KEY) */
  dataKey: Buffer;
  log?: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

export type StrategyRow = typeof autotradeStrategies.$inferSelect;

const strategySealContext = (strategyId: number, exchange: string, apiKey: string) =>
  `autotrade-strategy:${strategyId}:${exchange}:${apiKey}`;

export function sealStrategySecret(
  dataKey: Buffer,
  strategy: Pick<StrategyRow, 'id' | 'exchange'>,
  apiKey: string,
  secret: string,
): string {
  return encryptAtRest(
    dataKey,
    secret,
    strategySealContext(strategy.id, strategy.exchange, apiKey),
  );
}

/** The strategy account's key and secret (its signal source); null when none is attached. */
export function strategyCredentials(
  deps: Pick<AutotradeDeps, 'dataKey'>,
  strategy: StrategyRow,
): ExchangeCredentials | null {
  if (!strategy.sourceApiKey || !strategy.sourceSecretSealed) return null;
  return {
    apiKey: strategy.sourceApiKey,
    secret: decryptAtRest(
      deps.dataKey,
      strategy.sourceSecretSealed,
      strategySealContext(strategy.id, strategy.exchange, strategy.sourceApiKey),
    ),
  };
}

/** A member's key by id (the subscription's), opened. */
export async function memberCredentials(
  deps: Pick<AutotradeDeps, 'db' | 'dataKey'>,
  apiKeyId: number,
): Promise<ExchangeCredentials> {
  const [row] = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(eq(exchangeApiKeys.id, apiKeyId));
  if (!row) throw new Error(`api key ${apiKeyId} not found`);
  return credentialsOf(deps, row);
}

/** `BTC/USDT` -> base and quote */
export function splitSymbol(symbol: string): { base: string; quote: string } {
  const [base = '', quote = ''] = symbol.split('/');
  return { base, quote };
}

/** the currency codes a balance of `code` may be reported as (ccxt maps UST to USDT) */
export function sameCurrency(a: string, b: string): boolean {
  const norm = (c: string) => (c === 'UST' ? 'USDT' : c);
  return norm(a) === norm(b);
}

/** fraction units: 1e-8 of one (100000000 = all) */
export const SHARE_ONE = 100_000_000n;
