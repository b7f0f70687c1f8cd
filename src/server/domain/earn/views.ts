import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { earnSubscriptions } from '../../db/schema/earn';
import { earnEvents } from '../../db/schema/earn';
import type { EarnSubscription } from '../../../shared/api/earn';
import {
  EARLY_REDEMPTION_LAST_DAYS,
  EARN_CURRENCIES,
  FLAGSHIP,
  isDcaKind,
  isNavKind,
  isProKind,
  isRateKind,
  RENEW_ON_AGAIN_DAYS,
} from '../../../shared/constants/earn';
import { parseAmount } from '../../../shared/money/decimal';
import { loyaltyRates } from '../loyalty/rates';
import { currencyDecimals, toDecimal } from '../wallet/balances';
import type { PriceFeed } from '../wallet/price-feed';
import { addDays, addMonths, platformDay } from '../../../shared/time/platform-days';
import { type EarnProductRow, formatUnits, isJoinOpen, levelRatesOf, rateBpsAt } from './catalog';
import { formatNav, isNavValued, navOnOrBefore, navValue, parseNav } from './nav-settlement';
import { canSetSmartDca, smartDcaView } from './smart-dca-view';

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

/** Rate products redeem early in BCNT; a Flagship terminates early for a fee. */
export const isRedeemable = (kind: EarnProductRow['kind']) =>
  isRateKind(kind) || kind === 'flagship';

export function canRedeem(product: EarnProductRow, sub: EarnSubscriptionRow, now: Date): boolean {
  const until = redeemableUntil(sub);
  return isRedeemable(product.kind) && sub.state === 'running' && until !== null && now < until;
}

/** Flagship early termination fee rate now (basis points): 5 % in the first 6 months, 3.5 % after. */
export function earlyTerminationBps(sub: EarnSubscriptionRow, now: Date): number | null {
  if (!sub.termStart) return null;
  const { withinSixMonths, after } = FLAGSHIP.earlyTerminationFeePct;
  return Math.round((now < addMonths(sub.termStart, 6) ? withinSixMonths : after) * 100);
}

/** The Flagship early termination fee now: principal x rate, rounded down. */
export function earlyTerminationFee(sub: EarnSubscriptionRow, now: Date): bigint | null {
  const bps = earlyTerminationBps(sub, now);
  return bps === null ? null : (BigInt(sub.principal) * BigInt(bps)) / 10_000n;
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

interface NavPosition {
  startNav: bigint | null;
  latest: { day: string; nav: bigint } | null;
  /** the last NAV before this year (UTC+8), or the start NAV when the term began this year */
  yearStart: bigint | null;
}

/**
 * A NAV subscription's NAVs: the term's start NAV (stored at the start, or the last posted on
 * or before its first day), the latest posted (the end NAV once the term is valued), and the
 * one the year's return is measured from.
 */
async function navPosition(
  db: Db,
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
  now: Date,
): Promise<NavPosition> {
  const first = sub.termStart ? platformDay(sub.termStart) : null;
  const startText =
    sub.startNav ?? (first ? ((await navOnOrBefore(db, product.id, first))?.nav ?? null) : null);
  const today = platformDay(now);
  const latestRow = sub.endNav
    ? { day: sub.navThrough ?? today, nav: sub.endNav }
    : await navOnOrBefore(db, product.id, today);
  const yearRow = await navOnOrBefore(db, product.id, addDays(`${today.slice(0, 4)}-01-01`, -1));
  const startNav = startText ? parseNav(startText) : null;
  const yearStart =
    first && first >= `${today.slice(0, 4)}-01-01`
      ? startNav
      : yearRow
        ? parseNav(yearRow.nav)
        : startNav;
  return {
    startNav,
    latest: latestRow ? { day: latestRow.day, nav: parseNav(latestRow.nav) } : null,
    yearStart,
  };
}

const navPercent = (nav: bigint, from: bigint) =>
  Math.round((Number((nav * 1_000_000n) / from) / 1_000_000 - 1) * 10_000) / 100;

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
  const navKind = isNavKind(product.kind);
  // one query after the other: ctx.db may be a transaction's single connection
  const pending = product.settlement === 'monthly' ? await pendingReward(ctx.db, sub.id) : 0n;
  const nav = navKind && sub.termStart ? await navPosition(ctx.db, product, sub, now) : null;
  const redeemEstimate =
    redeemable && isRateKind(product.kind)
      ? await bcntFor(ctx.prices, product.currency, principal)
      : null;
  // mixed and Alliance follow the NAV; a Flagship's value is its principal (its NAV result is
  // paid as the excess share); once valued at expiry, the return amount
  const valued = sub.state === 'running' || sub.state === 'asset_return';
  let value: bigint | null = null;
  if (valued && isNavValued(product.kind)) {
    if (sub.returnAmount !== null && sub.endNav !== null) value = BigInt(sub.returnAmount);
    else if (nav?.startNav && nav.latest) value = navValue(sub, nav.startNav, nav.latest.nav);
  } else if (valued && product.kind === 'flagship') value = principal;
  const fees = BigInt(sub.managementFee) + BigInt(sub.performanceFee);
  // Flagship: its P/L is what it earned (fixed and excess); the others: value - what is in
  const profit =
    product.kind === 'flagship'
      ? value === null
        ? null
        : BigInt(sub.accumulatedReward) + pending
      : value === null
        ? null
        : value - (principal + fees);
  const terminationBps =
    product.kind === 'flagship' && redeemable ? earlyTerminationBps(sub, now) : null;
  const terminationFee =
    product.kind === 'flagship' && redeemable ? earlyTerminationFee(sub, now) : null;
  const awaitingNav =
    navKind &&
    sub.state === 'running' &&
    ((sub.termEnd !== null && now >= sub.termEnd && sub.navThrough !== platformDay(sub.termEnd)) ||
      (nav !== null && nav.startNav === null));
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
    nextRenewalAt:
      sub.autoRenew && !navKind && sub.termEnd && active ? sub.termEnd.toISOString() : null,
    returnDueAt: sub.returnDueAt?.toISOString() ?? null,
    returnAmount: sub.returnAmount === null ? null : fmt(BigInt(sub.returnAmount)),
    returnedAt: sub.returnedAt?.toISOString() ?? null,
    redeemableUntil: isRedeemable(product.kind) && until && active ? until.toISOString() : null,
    redeemBcntEstimate: redeemEstimate === null ? null : toDecimal('BCNT', redeemEstimate),
    redeemedAt: sub.redeemedAt?.toISOString() ?? null,
    redeemedBcnt: sub.redeemedBcnt === null ? null : toDecimal('BCNT', BigInt(sub.redeemedBcnt)),
    currentValue: value === null ? null : fmt(value),
    profitLoss:
      profit === null ? null : (profit < 0n ? '-' : '') + fmt(profit < 0n ? -profit : profit),
    ...(navKind
      ? {
          startNav: nav?.startNav ? formatNav(nav.startNav) : null,
          latestNav: nav?.latest ? formatNav(nav.latest.nav) : null,
          latestNavDay: nav?.latest?.day ?? null,
          itdReturn: nav?.startNav && nav.latest ? navPercent(nav.latest.nav, nav.startNav) : null,
          ytdReturn:
            nav?.yearStart && nav.latest ? navPercent(nav.latest.nav, nav.yearStart) : null,
          managementFee: fmt(BigInt(sub.managementFee)),
          performanceFee: fmt(BigInt(sub.performanceFee)),
          feesCharged: fmt(fees + BigInt(sub.terminationFee ?? '0')),
          highWatermark:
            product.kind === 'alliance'
              ? sub.highWatermark
                ? formatNav(parseNav(sub.highWatermark))
                : nav?.startNav
                  ? formatNav(nav.startNav)
                  : null
              : null,
          excessReward: fmt(BigInt(sub.excessReward)),
          earlyTerminationFee: terminationFee === null ? null : fmt(terminationFee),
          earlyTerminationFeePct: terminationBps === null ? null : terminationBps / 100,
          terminationFee: sub.terminationFee === null ? null : fmt(BigInt(sub.terminationFee)),
          awaitingNav,
        }
      : {}),
    ...(isDcaKind(product.kind)
      ? {
          smartDca: smartDcaView(
            product,
            sub,
            rates ? rateBpsAt(rates, Math.max(1, effectiveLevel)) : null,
            pending,
            now,
          ),
          canSetSmartDca: canSetSmartDca(product, sub),
        }
      : {}),
    canAddMore: sub.state === 'raising' && isJoinOpen(product, now),
    canCancel: sub.state === 'raising' && now < product.startAt,
    canRedeem: redeemable,
    // NAV products are valued and returned at expiry: they never renew
    canSetRenew:
      product.renewable &&
      !navKind &&
      (sub.state === 'raising' || (sub.state === 'running' && beforeExpiry)) &&
      (sub.autoRenew || sub.state === 'raising' || renewOnOpen),
    canRequestReturn:
      isProKind(product.kind) &&
      (sub.state === 'raising' || (sub.state === 'running' && beforeExpiry)),
    createdAt: sub.createdAt.toISOString(),
  };
}
