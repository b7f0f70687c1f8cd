import { count } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { lendingStrategies } from '../../db/schema';
import { ONE } from '../../exchange/decimal';

/**
 * The lending product (spec sections 1, 9 "Lending"): USDT lent on Bitfinex's funding market,
 * 5 USDT per 30 days after a 14-day trial, 20 % less in BCNT. Seeded into an empty table outside
 * production (start.ts: `npm run dev`, the e2e stack), so it is product 1, the id the lending
 * screens link to; an operator adds it elsewhere with `ops lending seed`.
 *
 * The bot's parameters suit the paper funding market (a daily rate around 0.02 %, 5,000 USDT
 * at its best level): never below 0.005 % a day (about 1.8 % a year), up to three offers from
 * the top of the book to 20,000 USDT deep, 2-day periods, 30 days at 0.04 % a day or more.
 */
export const LENDING_PRODUCT = {
  name: {
    'en-US': 'USDT Lending Bot',
    'zh-TW': 'USDT 放貸機器人',
    'zh-CN': 'USDT 放贷机器人',
  },
  description: {
    'en-US':
      'Lends the idle USDT of your Bitfinex funding wallet around the clock: offers spread over ' +
      'the funding book, re-placed every ten minutes, never below the minimum rate.',
    'zh-TW':
      '全天候出借您 Bitfinex 融資錢包中閒置的 USDT：掛單分散於融資簿中，每十分鐘重新掛出，' +
      '絕不低於最低利率。',
    'zh-CN':
      '全天候出借您 Bitfinex 融资钱包中闲置的 USDT：挂单分散于融资簿中，每十分钟重新挂出，' +
      '绝不低于最低利率。',
  },
  exchange: 'bitfinex',
  currency: 'USDT',
  feeUsdt: (5n * 10n ** 6n).toString(),
  bcntDiscountBps: 2_000,
  trialDays: 14,
  periodDays: 30,
  minimumOffer: (150n * ONE).toString(),
  recommendedMinimum: (500n * ONE).toString(),
  params: {
    minDailyRate: '5000',
    bottomDepth: '0',
    topDepth: (20_000n * ONE).toString(),
    spreadCount: 3,
    periodDays: 2,
    longPeriodRate: '40000',
    longPeriodDays: 30,
  },
  status: 'open',
} as const;

/** Insert the lending product when there is none; answers how many were inserted. */
export async function seedLendingProducts(db: Db, clock: Clock): Promise<number> {
  const [row] = await db.select({ n: count() }).from(lendingStrategies);
  if ((row?.n ?? 0) > 0) return 0;
  await db
    .insert(lendingStrategies)
    .values({ ...LENDING_PRODUCT, params: { ...LENDING_PRODUCT.params }, createdAt: clock.now() });
  return 1;
}
