import { count } from 'drizzle-orm';
import type { LocalizedText } from '../../../shared/api/earn';
import { autotradeStrategies } from '../../db/schema';
import { ONE } from '../../exchange/decimal';
import type { PaperExchange } from '../../exchange/paper/server';
import type { AutotradeDeps } from './context';
import {
  attachSignalSource,
  createStrategy,
  type CreateStrategyInput,
  startStrategy,
} from './strategies';

/**
 * The demo strategies, seeded outside production into an empty strategy table when the paper
 * exchange runs (`npm run dev` and the e2e stack; start.ts): trend following, mean reversion and
 * grid on BTC, ETH and SOL, low to high risk, leverage labels 1x-3x. Each gets its own paper
 * account (`demo-strategy-<n>`, 10,000 USDT) and key, and starts at once: the
 * `autotrade-strategies` job then runs its algorithm on the paper market in server-clock time,
 * so its trades, signals, equity and figures are real records from the first minutes on (move
 * the dev clock to see days of them). Operators add their own with `ops strategy ...`.
 */

type Demo = Omit<
  CreateStrategyInput,
  'exchange' | 'marginCurrencies' | 'minInvest' | 'name' | 'description'
> & {
  name: LocalizedText;
  description: LocalizedText;
};

const DEMOS: Demo[] = [
  {
    name: { 'en-US': 'BTC Trend Rider', 'zh-TW': 'BTC 趨勢騎士', 'zh-CN': 'BTC 趋势骑士' },
    description: {
      'en-US': 'Follows the bitcoin trend: long while the fast average is above the slow one.',
      'zh-TW': '跟隨比特幣趨勢：快線在慢線之上時持有。',
      'zh-CN': '跟随比特币趋势：快线在慢线之上时持有。',
    },
    trader: 'Northwind Capital',
    category: 'trend',
    symbol: 'BTC/USDT',
    riskLevel: 'medium',
    leverageX100: 200,
    performanceFeeBps: 2000,
    signalSource: 'builtin:trend',
    featured: true,
    sortOrder: 10,
  },
  {
    name: { 'en-US': 'BTC Steady Grid', 'zh-TW': 'BTC 穩健網格', 'zh-CN': 'BTC 稳健网格' },
    description: {
      'en-US': 'Buys each 1% step down and sells each step up around its starting price.',
      'zh-TW': '在起始價格附近每跌 1% 買入、每漲 1% 賣出。',
      'zh-CN': '在起始价格附近每跌 1% 买入、每涨 1% 卖出。',
    },
    trader: 'Harbor Quant',
    category: 'grid',
    symbol: 'BTC/USDT',
    riskLevel: 'low',
    leverageX100: 100,
    performanceFeeBps: 1500,
    signalSource: 'builtin:grid',
    params: { step: 0.01, levels: 5 },
    featured: true,
    sortOrder: 20,
  },
  {
    name: { 'en-US': 'ETH Mean Reversion', 'zh-TW': 'ETH 均值回歸', 'zh-CN': 'ETH 均值回归' },
    description: {
      'en-US': 'Buys ether below its average and sells it above, sized by the distance.',
      'zh-TW': '以太幣低於均值時買入、高於均值時賣出，依距離調整部位。',
      'zh-CN': '以太币低于均值时买入、高于均值时卖出，按距离调整仓位。',
    },
    trader: 'Meridian Labs',
    category: 'mean_reversion',
    symbol: 'ETH/USDT',
    riskLevel: 'low',
    leverageX100: 100,
    performanceFeeBps: 2000,
    signalSource: 'builtin:mean_reversion',
    sortOrder: 30,
  },
  {
    name: { 'en-US': 'ETH Momentum', 'zh-TW': 'ETH 動能', 'zh-CN': 'ETH 动能' },
    description: {
      'en-US': 'A faster trend follower on ether: more trades, deeper swings.',
      'zh-TW': '以太幣的快速趨勢策略：交易更頻繁、波動更大。',
      'zh-CN': '以太币的快速趋势策略：交易更频繁、波动更大。',
    },
    trader: 'Northwind Capital',
    category: 'trend',
    symbol: 'ETH/USDT',
    riskLevel: 'high',
    leverageX100: 300,
    performanceFeeBps: 2500,
    signalSource: 'builtin:trend',
    params: { intervalMinutes: 30, fastPeriod: 4, slowPeriod: 12 },
    sortOrder: 40,
  },
  {
    name: { 'en-US': 'SOL Wide Grid', 'zh-TW': 'SOL 寬幅網格', 'zh-CN': 'SOL 宽幅网格' },
    description: {
      'en-US': 'A grid on solana with 2% steps: it holds more the further the price falls.',
      'zh-TW': 'SOL 網格，每格 2%：價格越低持有越多。',
      'zh-CN': 'SOL 网格，每格 2%：价格越低持有越多。',
    },
    trader: 'Harbor Quant',
    category: 'grid',
    symbol: 'SOL/USDT',
    riskLevel: 'high',
    leverageX100: 300,
    performanceFeeBps: 2500,
    signalSource: 'builtin:grid',
    params: { step: 0.02, levels: 4 },
    sortOrder: 50,
  },
];

/** Seed the demo strategies into an empty table; answers how many were added. */
export async function seedDemoStrategies(
  deps: AutotradeDeps,
  paper: PaperExchange,
): Promise<number> {
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: count() })
    .from(autotradeStrategies);
  if (Number(total) > 0) return 0;
  await paper.listen();
  let seeded = 0;
  for (const [index, demo] of DEMOS.entries()) {
    const account = `demo-strategy-${index + 1}`;
    const key = paper.engine.createKey(account);
    paper.engine.fund(account, 'UST', 10_000n * ONE);
    const strategy = await createStrategy(deps, {
      ...demo,
      exchange: deps.exchange.exchange,
      marginCurrencies: ['BCNT', 'USDT'],
      minInvest: 100n * ONE,
    });
    await attachSignalSource(deps, strategy.id, key);
    await startStrategy(deps, strategy.id);
    seeded += 1;
  }
  return seeded;
}
