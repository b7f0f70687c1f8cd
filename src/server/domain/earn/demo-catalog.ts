import { count } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { earnNav, earnProducts } from '../../db/schema/earn';
import { addDays, platformDay } from '../../../shared/time/platform-days';
import { createProduct, type ProductFields, setProductStatus } from './catalog-admin';

/**
 * The spec's example products, seeded into an empty catalog outside production (`npm run dev`
 * and the e2e stack; start.ts): USDT/USDC 3-month and BTC/ETH 6-month Stable Income, Fixed Pro
 * USDT/USDC, Pro+ BTC, Mixed Fusion 80/20 and Sapphire 60/40, DeFi, arbitrage, Flagship,
 * Alliance A and B, and one premium fund. Their fundraising opens today and closes in 14 days;
 * the NAV products get a plausible 180-day history (a seeded random walk) so charts are never
 * empty. Operators replace all of it with `ops product ...`.
 */

type Demo = Partial<ProductFields> &
  Pick<ProductFields, 'kind' | 'currency'> & { en: string; tw: string; cn: string };

const DEMOS: Demo[] = [
  {
    kind: 'fixed',
    currency: 'USDT',
    en: 'Stable Income USDT 3M',
    tw: '穩定收益 USDT 3個月',
    cn: '稳定收益 USDT 3个月',
    periodMonth: 3,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 1000,
    limited: true,
    sortOrder: 10,
  },
  {
    kind: 'fixed',
    currency: 'USDC',
    en: 'Stable Income USDC 3M',
    tw: '穩定收益 USDC 3個月',
    cn: '稳定收益 USDC 3个月',
    periodMonth: 3,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 1000,
    sortOrder: 11,
  },
  {
    kind: 'fixed',
    currency: 'BTC',
    en: 'Stable Income BTC 6M',
    tw: '穩定收益 BTC 6個月',
    cn: '稳定收益 BTC 6个月',
    periodMonth: 6,
    perUnit: '0.01',
    minUnit: 5,
    maxUnit: 500,
    settlement: 'monthly',
    sortOrder: 12,
  },
  {
    kind: 'fixed',
    currency: 'ETH',
    en: 'Stable Income ETH 6M',
    tw: '穩定收益 ETH 6個月',
    cn: '稳定收益 ETH 6个月',
    periodMonth: 6,
    perUnit: '0.1',
    minUnit: 5,
    maxUnit: 500,
    settlement: 'monthly',
    sortOrder: 13,
  },
  {
    kind: 'fixed-pro',
    currency: 'USDT',
    en: 'Fixed Pro USDT',
    tw: '定存 Pro USDT',
    cn: '定存 Pro USDT',
    periodMonth: 3,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 2000,
    sortOrder: 1,
  },
  {
    kind: 'fixed-pro',
    currency: 'USDC',
    en: 'Fixed Pro USDC',
    tw: '定存 Pro USDC',
    cn: '定存 Pro USDC',
    periodMonth: 3,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 2000,
    sortOrder: 2,
  },
  {
    kind: 'fixed-prox',
    currency: 'BTC',
    en: 'Fixed Pro+ BTC',
    tw: '定存 Pro+ BTC',
    cn: '定存 Pro+ BTC',
    periodMonth: 3,
    perUnit: '0.01',
    minUnit: 5,
    maxUnit: 500,
    annualReturn: 5,
    sortOrder: 3,
  },
  {
    kind: 'mixed',
    strategy: 'fusion',
    currency: 'USDT',
    en: 'Mixed Fusion 80/20',
    tw: '混合 Fusion 80/20',
    cn: '混合 Fusion 80/20',
    periodMonth: 6,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 1000,
    annualReturn: 12,
    maxDrawdown: 0,
    riskLevel: 2,
    settlement: 'monthly',
    sortOrder: 20,
  },
  {
    kind: 'mixed',
    strategy: 'sapphire',
    currency: 'USDT',
    en: 'Mixed Sapphire 60/40',
    tw: '混合 Sapphire 60/40',
    cn: '混合 Sapphire 60/40',
    periodMonth: 6,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 1000,
    annualReturn: 18,
    maxDrawdown: 3.6,
    riskLevel: 3,
    settlement: 'monthly',
    sortOrder: 21,
  },
  {
    kind: 'mixed',
    strategy: 'defi',
    currency: 'USDT',
    en: 'DeFi Yield',
    tw: 'DeFi 收益',
    cn: 'DeFi 收益',
    periodMonth: 6,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 1000,
    riskLevel: 3,
    settlement: 'monthly',
    sortOrder: 22,
  },
  {
    kind: 'mixed',
    strategy: 'arbitrage',
    currency: 'USDT',
    en: 'Arbitrage',
    tw: '套利策略',
    cn: '套利策略',
    periodMonth: 6,
    perUnit: '100',
    minUnit: 10,
    maxUnit: 1000,
    riskLevel: 2,
    settlement: 'monthly',
    sortOrder: 23,
  },
  {
    kind: 'flagship',
    currency: 'USDT',
    en: 'Flagship',
    tw: '旗艦',
    cn: '旗舰',
    periodMonth: 12,
    perUnit: '1000',
    minUnit: 1,
    maxUnit: 100,
    annualReturn: 5,
    riskLevel: 3,
    settlement: 'monthly',
    sortOrder: 30,
  },
  {
    kind: 'alliance',
    currency: 'USDT',
    en: 'Trader Alliance A',
    tw: '交易聯盟 A',
    cn: '交易联盟 A',
    periodMonth: 12,
    perUnit: '1000',
    minUnit: 1,
    maxUnit: 100,
    annualReturn: 8,
    managementFee: 2,
    performanceFee: 30,
    riskLevel: 4,
    settlement: 'monthly',
    sortOrder: 40,
  },
  {
    kind: 'alliance',
    currency: 'USDT',
    en: 'Trader Alliance B',
    tw: '交易聯盟 B',
    cn: '交易联盟 B',
    periodMonth: 12,
    perUnit: '1000',
    minUnit: 1,
    maxUnit: 100,
    annualReturn: 8,
    managementFee: 2,
    performanceFee: 30,
    riskLevel: 4,
    settlement: 'monthly',
    sortOrder: 41,
  },
  {
    kind: 'mixed',
    strategy: 'fusion',
    currency: 'USDT',
    en: 'Premium Fund I',
    tw: '尊榮基金 I',
    cn: '尊荣基金 I',
    periodMonth: 12,
    perUnit: '10000',
    minUnit: 1,
    maxUnit: 50,
    annualReturn: 15,
    riskLevel: 4,
    premiumOnly: true,
    settlement: 'monthly',
    sortOrder: 50,
  },
];

/** a small deterministic PRNG (mulberry32) */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Seeds the demo catalog when no product exists; answers how many it created. */
export async function seedDemoCatalog(db: Db, clock: Clock): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(earnProducts);
  if ((existing?.n ?? 0) > 0) return 0;
  const today = platformDay(clock.now());
  const raiseEnd = addDays(today, 14);
  let created = 0;
  for (const [index, demo] of DEMOS.entries()) {
    const { en, tw, cn, ...fields } = demo;
    const product = await createProduct(db, clock, {
      periodMonth: 3,
      perUnit: '100',
      minUnit: 10,
      maxUnit: 1000,
      annualReturn: null,
      maxDrawdown: null,
      riskLevel: 1,
      capacityUnits: null,
      softCapUnits: null,
      limited: false,
      premiumOnly: false,
      settlement: 'daily',
      renewable: true,
      sortOrder: index,
      leverage: null,
      sharpeRatio: null,
      managementFee: null,
      performanceFee: null,
      ...fields,
      minRenewUnits: fields.minUnit ?? 10,
      name: { 'en-US': en, 'zh-TW': tw, 'zh-CN': cn },
      description: { 'en-US': en, 'zh-TW': tw, 'zh-CN': cn },
      raiseStart: today,
      raiseEnd,
      startDay: raiseEnd,
    });
    await setProductStatus(db, clock, product.serialNumber, 'open');
    if (['mixed', 'flagship', 'alliance'].includes(demo.kind)) {
      const next = random(1000 + index);
      const drift = (demo.annualReturn ?? 10) / 100 / 365;
      let nav = 1;
      const points = [];
      for (let day = -180; day <= 0; day += 1) {
        nav *= 1 + drift + (next() - 0.5) * 0.01 * (demo.riskLevel ?? 2);
        points.push({
          productId: product.id,
          day: addDays(today, day),
          nav: nav.toFixed(8),
          createdAt: clock.now(),
        });
      }
      await db.insert(earnNav).values(points);
    }
    created += 1;
  }
  return created;
}
