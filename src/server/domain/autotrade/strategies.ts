import { asc, eq } from 'drizzle-orm';
import type { LocalizedText } from '../../../shared/api/earn';
import {
  type AutotradeMarginCurrency,
  type AutotradeRiskLevel,
  autotradeStrategies,
  autotradeStrategyState,
} from '../../db/schema';
import { ExchangeFailure } from '../../exchange/adapter';
import { mulUnits } from '../../exchange/decimal';
import { isAlgorithm } from './algorithms';
import {
  type AutotradeDeps,
  sameCurrency,
  sealStrategySecret,
  splitSymbol,
  strategyCredentials,
  type StrategyRow,
} from './context';

/**
 * Strategies as operators manage them (ops/autotrade-commands.ts): create one (draft), attach its
 * signal source (the strategy account's key and secret, checked on the exchange and sealed like
 * members' keys), start it (listed, trading, mirrored) and close it (historical: no trading, no
 * mirroring; subscribers stop being mirrored).
 */

export interface CreateStrategyInput {
  name: LocalizedText;
  description: LocalizedText;
  trader: string;
  category: string;
  exchange: string;
  symbol: string;
  riskLevel: AutotradeRiskLevel;
  leverageX100: number;
  performanceFeeBps: number;
  marginCurrencies: AutotradeMarginCurrency[];
  /** quote units */
  minInvest: bigint;
  /** `builtin:trend` | `builtin:mean_reversion` | `builtin:grid` | `orders` */
  signalSource: string;
  params?: Record<string, unknown>;
  featured?: boolean;
  sortOrder?: number;
}

export class StrategyRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StrategyRefusal';
  }
}

export function validSignalSource(source: string): boolean {
  if (source === 'orders') return true;
  return source.startsWith('builtin:') && isAlgorithm(source.slice('builtin:'.length));
}

export async function loadStrategy(
  deps: Pick<AutotradeDeps, 'db'>,
  id: number,
): Promise<StrategyRow> {
  const [row] = await deps.db
    .select()
    .from(autotradeStrategies)
    .where(eq(autotradeStrategies.id, id));
  if (!row) throw new StrategyRefusal(`no strategy ${id}`);
  return row;
}

export async function createStrategy(
  deps: Pick<AutotradeDeps, 'db' | 'clock' | 'exchange'>,
  input: CreateStrategyInput,
): Promise<StrategyRow> {
  if (!validSignalSource(input.signalSource)) {
    throw new StrategyRefusal(
      `unknown signal source ${input.signalSource} (builtin:trend, builtin:mean_reversion, builtin:grid or orders)`,
    );
  }
  if (input.exchange !== deps.exchange.exchange) {
    throw new StrategyRefusal(
      `exchange ${input.exchange} is not connected (${deps.exchange.exchange})`,
    );
  }
  // an unknown market is refused now, not at the first trade
  await deps.exchange.minOrderSize(input.symbol);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(autotradeStrategies)
    .values({
      name: input.name,
      description: input.description,
      trader: input.trader,
      category: input.category,
      exchange: input.exchange,
      symbol: input.symbol,
      riskLevel: input.riskLevel,
      leverageX100: input.leverageX100,
      performanceFeeBps: input.performanceFeeBps,
      marginCurrencies: input.marginCurrencies,
      minInvest: input.minInvest.toString(),
      status: 'draft',
      featured: input.featured ?? false,
      sortOrder: input.sortOrder ?? 0,
      signalSource: input.signalSource,
      params: input.params ?? {},
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('strategy not saved');
  return row;
}

/**
 * Attach the strategy account's key: it must open the account (read balances and orders) and
 * trade; the secret is sealed and never shown again. Refused once the strategy is running.
 */
export async function attachSignalSource(
  deps: AutotradeDeps,
  id: number,
  key: { apiKey: string; secret: string },
): Promise<StrategyRow> {
  const strategy = await loadStrategy(deps, id);
  if (strategy.status !== 'draft') {
    throw new StrategyRefusal(`strategy ${id} is ${strategy.status}: attach a source to a draft`);
  }
  let permissions;
  try {
    permissions = await deps.exchange.checkKey(key);
  } catch (error) {
    if (error instanceof ExchangeFailure) {
      throw new StrategyRefusal(`the exchange refused the key (${error.kind}: ${error.message})`);
    }
    throw error;
  }
  if (!permissions.trade || !permissions.read) {
    throw new StrategyRefusal(
      'the strategy key must be able to trade and to read orders, wallets and history',
    );
  }
  const [row] = await deps.db
    .update(autotradeStrategies)
    .set({
      sourceApiKey: key.apiKey,
      sourceSecretSealed: sealStrategySecret(deps.dataKey, strategy, key.apiKey, key.secret),
      updatedAt: deps.clock.now(),
    })
    .where(eq(autotradeStrategies.id, id))
    .returning();
  return row!;
}

/** The strategy account's equity now: quote + base x last (quote units), and its parts. */
export async function strategyAccount(
  deps: AutotradeDeps,
  strategy: StrategyRow,
): Promise<{ cash: bigint; position: bigint; price: bigint; equity: bigint }> {
  const credentials = strategyCredentials(deps, strategy);
  if (!credentials) throw new StrategyRefusal(`strategy ${strategy.id} has no signal source`);
  const { base, quote } = splitSymbol(strategy.symbol);
  const balances = await deps.exchange.balances(credentials);
  const cash = balances.find((b) => sameCurrency(b.currency, quote))?.total ?? 0n;
  const position = balances.find((b) => sameCurrency(b.currency, base))?.total ?? 0n;
  const { last: price } = await deps.exchange.ticker(strategy.symbol);
  return { cash, position, price, equity: cash + mulUnits(position, price) };
}

/**
 * Start: the account must hold something; its equity now is what returns are measured on, and
 * only fills from now on become signals.
 */
export async function startStrategy(deps: AutotradeDeps, id: number): Promise<StrategyRow> {
  const strategy = await loadStrategy(deps, id);
  if (strategy.status !== 'draft')
    throw new StrategyRefusal(`strategy ${id} is already ${strategy.status}`);
  const account = await strategyAccount(deps, strategy);
  if (account.equity <= 0n) {
    throw new StrategyRefusal(`strategy ${id}'s account is empty: fund it first`);
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx
      .insert(autotradeStrategyState)
      .values({
        strategyId: id,
        startEquity: account.equity.toString(),
        lastPrice: account.price.toString(),
        lastFillAt: now.getTime(),
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .update(autotradeStrategies)
      .set({ status: 'running', startedAt: now, updatedAt: now })
      .where(eq(autotradeStrategies.id, id))
      .returning();
    return row!;
  });
}

/** Close: no more trading or mirroring; the strategy is listed among the historical ones. */
export async function closeStrategy(
  deps: Pick<AutotradeDeps, 'db' | 'clock'>,
  id: number,
): Promise<StrategyRow> {
  const strategy = await loadStrategy(deps, id);
  if (strategy.status === 'closed') throw new StrategyRefusal(`strategy ${id} is already closed`);
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(autotradeStrategies)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(eq(autotradeStrategies.id, id))
    .returning();
  return row!;
}

export async function listStrategies(deps: Pick<AutotradeDeps, 'db'>): Promise<StrategyRow[]> {
  return deps.db.select().from(autotradeStrategies).orderBy(asc(autotradeStrategies.id));
}
