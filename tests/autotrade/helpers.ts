import { and, asc, eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import type { Clock } from '../../src/server/clock';
import {
  autotradeOrders,
  autotradeSubscriptions,
  exchangeApiKeys,
} from '../../src/server/db/schema';
import { encryptAtRest } from '../../src/server/domain/auth/crypto';
import { openSubscriptionBook } from '../../src/server/domain/autotrade/book';
import type { AutotradeDeps } from '../../src/server/domain/autotrade/context';
import {
  attachSignalSource,
  createStrategy,
  type CreateStrategyInput,
  startStrategy,
} from '../../src/server/domain/autotrade/strategies';
import { ONE, toUnits } from '../../src/server/exchange/decimal';
import type { PaperExchange } from '../../src/server/exchange/paper/server';
import { autotradeDepsOf } from '../../src/server/jobs/autotrade-strategies';
import { insertMembers } from '../helpers/wallet';

/** Test helpers of Smart Autotrade trading: strategies on the paper exchange, subscribers. */

let accountSeq = 0;
const nextAccount = (prefix: string) => `${prefix}-${process.pid}-${(accountSeq += 1)}`;

export function depsOf(app: App): AutotradeDeps {
  return autotradeDepsOf(app.wallet);
}

export function paperOf(app: App): PaperExchange {
  const paper = app.adapters.paperExchange;
  if (!paper) throw new Error('no paper exchange');
  return paper;
}

/** A running strategy with its own funded paper account (default: the `orders` source). */
export async function runningStrategy(
  app: App,
  input: Partial<CreateStrategyInput> & { fund?: Record<string, string> } = {},
) {
  const deps = depsOf(app);
  const paper = paperOf(app);
  await paper.listen();
  const account = nextAccount('strategy');
  const key = paper.engine.createKey(account);
  for (const [currency, amount] of Object.entries(input.fund ?? { UST: '10000' })) {
    paper.engine.fund(account, currency, toUnits(amount));
  }
  const { fund: _fund, ...fields } = input;
  const strategy = await createStrategy(deps, {
    name: { 'en-US': 'Test strategy', 'zh-TW': '測試策略', 'zh-CN': '测试策略' },
    description: { 'en-US': 'A test', 'zh-TW': '測試', 'zh-CN': '测试' },
    trader: 'Test Trader',
    category: 'trend',
    exchange: 'bitfinex',
    symbol: 'BTC/USDT',
    riskLevel: 'medium',
    leverageX100: 100,
    performanceFeeBps: 2000,
    marginCurrencies: ['USDT', 'BCNT'],
    minInvest: 100n * ONE,
    signalSource: 'orders',
    ...fields,
  });
  await attachSignalSource(deps, strategy.id, key);
  const started = await startStrategy(deps, strategy.id);
  return { strategy: started, key, account };
}

/**
 * A member with a real imported key on the paper exchange (funded with `fund` USDT) and an
 * `active` subscription of `allocation` USDT to the strategy, its book opened.
 */
export async function activeSubscriber(
  app: App,
  clock: Clock,
  strategyId: number,
  allocation: string,
  fund = allocation,
) {
  const deps = depsOf(app);
  const paper = paperOf(app);
  const [memberId] = await insertMembers(app.db, clock, 1);
  const account = nextAccount('member');
  const key = paper.engine.createKey(account);
  paper.engine.fund(account, 'UST', toUnits(fund));
  const now = clock.now();
  const [keyRow] = await app.db
    .insert(exchangeApiKeys)
    .values({
      memberId: memberId!,
      exchange: 'bitfinex',
      name: 'Paper',
      apiKey: key.apiKey,
      secretSealed: encryptAtRest(
        deps.dataKey,
        key.secret,
        `exchange-api-key:${memberId}:bitfinex:${key.apiKey}`,
      ),
      accountType: 'main',
      account: 'main',
      status: 'correct',
      lastSyncAt: now,
      lastCheckedAt: now,
      createdAt: now,
    })
    .returning();
  const [subscription] = await app.db
    .insert(autotradeSubscriptions)
    .values({
      memberId: memberId!,
      strategyId,
      apiKeyId: keyRow!.id,
      exchange: 'bitfinex',
      account: 'main',
      state: 'active',
      allocation: toUnits(allocation).toString(),
      highWaterMark: toUnits(allocation).toString(),
      marginCurrency: 'USDT',
      marginSource: 'custodial',
      marginAmount: '0',
      createdAt: now,
      activatedAt: now,
    })
    .returning();
  await openSubscriptionBook(deps, subscription!.id);
  return { memberId: memberId!, key, keyRow: keyRow!, account, subscription: subscription! };
}

/** The strategy trades its own account by hand (an IOC limit through ccxt), as a partner would. */
export async function strategyOrder(
  app: App,
  key: { apiKey: string; secret: string },
  side: 'buy' | 'sell',
  amount: string,
  symbol = 'BTC/USDT',
) {
  const deps = depsOf(app);
  const ticker = await deps.exchange.ticker(symbol);
  const price = side === 'buy' ? (ticker.ask * 101n) / 100n : (ticker.bid * 99n) / 100n;
  return deps.exchange.submitOrder(key, {
    symbol,
    side,
    type: 'limit',
    amount: toUnits(amount),
    price,
    timeInForce: 'IOC',
  });
}

export async function ordersOf(app: App, subscriptionId: number) {
  return app.db
    .select()
    .from(autotradeOrders)
    .where(eq(autotradeOrders.subscriptionId, subscriptionId))
    .orderBy(asc(autotradeOrders.id));
}

export async function signalOrdersOf(app: App, subscriptionId: number) {
  return app.db
    .select()
    .from(autotradeOrders)
    .where(
      and(
        eq(autotradeOrders.subscriptionId, subscriptionId),
        eq(autotradeOrders.purpose, 'signal'),
      ),
    )
    .orderBy(asc(autotradeOrders.id));
}

/** Orders the paper exchange holds for an account (open and past). */
export function exchangeOrdersOf(app: App, account: string) {
  const engine = paperOf(app).engine;
  const id = engine.account(account).id;
  return [...engine.openOrders(id), ...engine.pastOrders(id)];
}
