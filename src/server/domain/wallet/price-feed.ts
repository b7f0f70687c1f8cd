import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';
import type { LedgerCurrency } from '../../db/schema/wallet';
import { formatAtomic, mulDivFloor, parseAmount } from '../../../shared/money/decimal';

/**
 * The quotation service's prices in USDT (spec section 7 "Quotation GETs: ... BCNT price").
 * `PriceFeed` is what a real adapter (an exchange ticker) implements; the local adapter quotes
 * BCNT at BCNT_PRICE_USDT and fixed reference prices for ETH and BTC (used only to express
 * limits in USDT equivalent), and can be moved by the operator (`ops price set`).
 *
 * Prices are decimal strings with up to 18 places; `version` changes whenever the price does,
 * so a conversion made against an old quote can be refused ("BCNT price has been updated").
 */
export interface PriceQuote {
  currency: LedgerCurrency;
  /** USDT per one whole unit, e.g. "0.5" */
  priceUsdt: string;
  /** changes with every new price */
  version: string;
  quotedAt: Date;
}

export interface PriceFeed {
  quote(currency: LedgerCurrency): Promise<PriceQuote>;
}

/** Reference prices of the local feed (USDT); USDT and USDC are 1. */
export const LOCAL_REFERENCE_PRICES: Record<Exclude<LedgerCurrency, 'BCNT'>, string> = {
  USDT: '1',
  USDC: '1',
  ETH: '3000',
  BTC: '60000',
};

export interface LocalPriceFeed extends PriceFeed {
  /** Set the BCNT price (the operator command `price set` and tests); kept in `settings`. */
  setBcntPrice(priceUsdt: string): Promise<PriceQuote>;
}

/** Prices are handled as bigint with 18 decimals. */
export const PRICE_DECIMALS = 18;

const BCNT_PRICE_SETTING = 'price.BCNT';

/**
 * The local adapter. The BCNT price lives in the `settings` table (so every API process and the
 * operator CLI see the same one); without a stored price it is BCNT_PRICE_USDT since the epoch.
 */
export function createLocalPriceFeed(db: Db, clock: Clock, bcntPriceUsdt: string): LocalPriceFeed {
  const version = (currency: LedgerCurrency, price: string, since: string) =>
    createHash('sha256').update(`${currency}:${price}:${since}`).digest('hex').slice(0, 16);
  const stored = async (): Promise<{ priceUsdt: string; since: string }> => {
    const [row] = await db.select().from(settings).where(eq(settings.key, BCNT_PRICE_SETTING));
    const value = row?.value as { priceUsdt?: unknown; since?: unknown } | undefined;
    if (typeof value?.priceUsdt === 'string' && typeof value.since === 'string')
      return { priceUsdt: value.priceUsdt, since: value.since };
    return { priceUsdt: bcntPriceUsdt, since: 'config' };
  };
  const feed: LocalPriceFeed = {
    async quote(currency) {
      if (currency !== 'BCNT') {
        const priceUsdt = LOCAL_REFERENCE_PRICES[currency];
        return {
          currency,
          priceUsdt,
          version: version(currency, priceUsdt, 'fixed'),
          quotedAt: clock.now(),
        };
      }
      const { priceUsdt, since } = await stored();
      return {
        currency,
        priceUsdt,
        version: version(currency, priceUsdt, since),
        quotedAt: clock.now(),
      };
    },
    async setBcntPrice(priceUsdt) {
      const price = parseAmount(priceUsdt, PRICE_DECIMALS);
      if (price === null || price <= 0n) throw new RangeError('price must be a positive decimal');
      const now = clock.now();
      const value = { priceUsdt: formatAtomic(price, PRICE_DECIMALS), since: now.toISOString() };
      await db
        .insert(settings)
        .values({ key: BCNT_PRICE_SETTING, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
      return feed.quote('BCNT');
    },
  };
  return feed;
}

/**
 * The USDT value (atomic units, 6 decimals) of `units` of a currency with `decimals`, rounded
 * down: units * price / 10^decimals, rescaled to USDT's 6 decimals.
 */
export function usdtValue(units: bigint, decimals: number, priceUsdt: string): bigint {
  const price = parseAmount(priceUsdt, PRICE_DECIMALS);
  if (price === null) throw new RangeError(`bad price ${priceUsdt}`);
  // units [10^-decimals] * price [10^-18] -> USDT [10^-6]
  return mulDivFloor(units, price, 10n ** BigInt(decimals + PRICE_DECIMALS - 6));
}
