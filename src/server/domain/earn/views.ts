import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { earnSubscriptions } from '../../db/schema/earn';
import { earnEvents, earnNav } from '../../db/schema/earn';
import type { EarnSubscription } from '../../../shared/api/earn';
import {
  EARLY_REDEMPTION_LAST_DAYS,
  EARN_CURRENCIES,
  isNavKind,
  isProKind,
  isRateKind,
  RENEW_ON_AGAIN_DAYS,
} from '../../../shared/constants/earn';
import { parseAmount } from '../../../shared/money/decimal';
import { loyaltyRates } from '../loyalty/rates';
import { currencyDecimals, toDecimal } from '../wallet/balances';
import type { PriceFeed } from '../wallet/price-feed';
import { type EarnProductRow, formatUnits, isJoinOpen, levelRatesOf, rateBpsAt } from './catalog';

export type EarnSubscriptionRow = typeof earnSubscriptions.$inferSelect;

const DAY_MS = 24 * 3600 * 1000;
const BCNT_DECIMALS = 18;

/** The last moment early redemption is possible: one day before expiry. */
export function redeemableUntil(sub: EarnSubscriptionRow): Date | null {
  return sub.termEnd ? new Date(sub.termEnd.getTime() - EARLY_REDEMPTION_LAST_DAYS * DAY_MS) : null;
}

/** The last moment auto-renew may be turned back on: one day before expiry. */
export function renewOnUntil(sub: EarnSubscriptionRow): Date | null {
  return sub.termEnd ? new Date(sub.termEnd.getTime() - RENEW_ON_AGAIN_DAYS * DAY_MS) : null;
}

export function canRedeem(product: EarnProductRow, sub: EarnSubscriptionRow, now: Date): boolean {
  const until = redeemableUntil(sub);
  return isRateKind(product.kind) && sub.state === 'running' && until !== null && now < until;
}

/**
 * The feed's quotes of every earn currency and BCNT, read now and answered from memory: for
 * work inside a database transaction (PGlite has one connection, so the feed's own read would
 * wait for the transaction that waits for it).
 */
export async function priceSnapshot(prices: PriceFeed): Promise<PriceFeed> {
  const currencies = [...EARN_CURRENCIES, 'BCNT'] as const;
  const quotes = new Map(
    await Promise.all(currencies.map(async (c) => [c, await prices.quote(c)] as const)),
  );
  return {
    quote: async (currency) => {
      const quote = quotes.get(currency as (typeof currencies)[number]);
      if (!quote) throw new Error(`no quote of ${currency}`);
      return quote;
    },
  };
}

/**
 * BCNT for an amount of the product's currency at the price feed's rates, rounded down:
 * amount x price(currency) / price(BCNT), both in USDT.
 */
export async function bcntFor(
  prices: PriceFeed,
  currency: EarnProductRow['currency'],
  amount: bigint,
): Promise<bigint> {
  const [quote, bcnt] = await Promise.all([prices.quote(currency), prices.quote('BCNT')]);
  const price = parseAmount(quote.priceUsdt, 18) ?? 0n;
  const bcntPrice = parseAmount(bcnt.priceUsdt, 18) ?? 0n;
  if (bcntPrice <= 0n) throw new Error('no BCNT price');
  const scale = 10n ** BigInt(BCNT_DECIMALS);
  const from = 10n ** BigInt(currencyDecimals(currency));
  return (amount * price * scale) / (bcntPrice * from);
}

/** Unpaid (accrued) rewards of a monthly-settled subscription. */
async function pendingReward(db: Db, subscriptionId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${earnEvents.amount}), 0)::text` })
    .from(earnEvents)
    .where(
      and(
        eq(earnEvents.subscriptionId, subscriptionId),
        eq(earnEvents.kind, 'reward'),
        isNull(earnEvents.ledgerTransactionId),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** The NAV at the term's first day and the latest one (null without NAV). */
async function navRatio(db: Db, product: EarnProductRow): Promise<[number, number] | null> {
  const rows = await db
    .select({ nav: earnNav.nav })
    .from(earnNav)
    .where(eq(earnNav.productId, product.id))
    .orderBy(desc(earnNav.day))
    .limit(1);
  const [first] = await db
    .select({ nav: earnNav.nav })
    .from(earnNav)
    .where(eq(earnNav.productId, product.id))
    .orderBy(earnNav.day)
    .limit(1);
  if (!rows[0] || !first) return null;
  return [Number(first.nav), Number(rows[0].nav)];
}

export interface ViewContext {
  db: Db;
  prices: PriceFeed;
  now: Date;
  /** the member's loyalty level now */
  level: number;
}

/** A subscription as the member sees it (premium2 Detail, UserFunds). */
export async function subscriptionView(
  ctx: ViewContext,
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
): Promise<EarnSubscription> {
  const { now } = ctx;
  const principal = BigInt(sub.principal);
  const active = sub.state === 'raising' || sub.state === 'running';
  const rates = levelRatesOf(product, await loyaltyRates(ctx.db));
  const effectiveLevel = sub.rateLevel ?? ctx.level;
  const redeemable = canRedeem(product, sub, now);
  const [pending, nav, redeemEstimate] = await Promise.all([
    product.settlement === 'monthly' ? pendingReward(ctx.db, sub.id) : Promise.resolve(0n),
    isNavKind(product.kind) && active ? navRatio(ctx.db, product) : Promise.resolve(null),
    redeemable ? bcntFor(ctx.prices, product.currency, principal) : Promise.resolve(null),
  ]);
  const value =
    nav && nav[0] > 0
      ? (principal * BigInt(Math.round((nav[1] / nav[0]) * 1e9))) / 10n ** 9n
      : null;
  const fmt = (units: bigint) => formatUnits(product, units);
  const until = redeemableUntil(sub);
  const beforeExpiry = sub.termEnd !== null && now < sub.termEnd;
  const renewOnOpen = (renewOnUntil(sub) ?? now) > now;
  return {
    id: sub.id,
    premiumId: product.id,
    serialNumber: product.serialNumber,
    kind: product.kind,
    currency: product.currency,
    name: product.name,
    state: sub.state,
    units: sub.units,
    investedAmount: fmt(BigInt(sub.invested)),
    addedAmount: fmt(BigInt(sub.added)),
    lockedAmount: fmt(
      active || sub.state === 'asset_return' || sub.state === 'cancel_pending' ? principal : 0n,
    ),
    accumulatedReward: fmt(BigInt(sub.accumulatedReward)),
    pendingReward: fmt(pending),
    currentRate: rates ? rateBpsAt(rates, Math.max(1, effectiveLevel)) / 100 : null,
    effectiveLevel,
    autoRenew: sub.autoRenew,
    assetReturnUnits: sub.assetReturnUnits,
    maxReturnUnits: isProKind(product.kind) ? sub.units : 0,
    term: sub.term,
    termStart: sub.termStart?.toISOString() ?? null,
    expiryAt: sub.termEnd?.toISOString() ?? null,
    nextRenewalAt: sub.autoRenew && sub.termEnd && active ? sub.termEnd.toISOString() : null,
    returnDueAt: sub.returnDueAt?.toISOString() ?? null,
    returnAmount: sub.returnAmount === null ? null : fmt(BigInt(sub.returnAmount)),
    returnedAt: sub.returnedAt?.toISOString() ?? null,
    redeemableUntil: isRateKind(product.kind) && until && active ? until.toISOString() : null,
    redeemBcntEstimate: redeemEstimate === null ? null : toDecimal('BCNT', redeemEstimate),
    redeemedAt: sub.redeemedAt?.toISOString() ?? null,
    redeemedBcnt: sub.redeemedBcnt === null ? null : toDecimal('BCNT', BigInt(sub.redeemedBcnt)),
    currentValue: value === null ? null : fmt(value),
    profitLoss:
      value === null
        ? null
        : (value >= principal ? '' : '-') +
          fmt(value >= principal ? value - principal : principal - value),
    canAddMore: sub.state === 'raising' && isJoinOpen(product, now),
    canCancel: sub.state === 'raising' && now < product.startAt,
    canRedeem: redeemable,
    canSetRenew:
      product.renewable &&
      (sub.state === 'raising' || (sub.state === 'running' && beforeExpiry)) &&
      (sub.autoRenew || sub.state === 'raising' || renewOnOpen),
    canRequestReturn:
      isProKind(product.kind) &&
      (sub.state === 'raising' || (sub.state === 'running' && beforeExpiry)),
    createdAt: sub.createdAt.toISOString(),
  };
}
