import { and, count, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  earnDcaConversions,
  earnEvents,
  earnProducts,
  earnSubscriptions,
} from '../../db/schema/earn';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  EarnDcaError,
  EarnError,
  type EarnSubscription,
  type EarnXSavingHistory,
  type EarnXSavingHistoryQuery,
  type EarnXSavingSettingBody,
} from '../../../shared/api/earn';
import type { EarnDcaCurrency } from '../../../shared/constants/earn';
import { parseAmount } from '../../../shared/money/decimal';
import { platformDay } from '../../../shared/time/platform-days';
import { currencyDecimals, toDecimal } from '../wallet/balances';
import {
  accountBalance,
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../wallet/ledger';
import { PRICE_DECIMALS, type PriceFeed, type PriceQuote } from '../wallet/price-feed';
import { type EarnProductRow, productById } from './catalog';
import { type EarnDeps, memberLevel } from './context';
import { averagePrice, canSetSmartDca, dcaPending } from './smart-dca-view';
import { priceSnapshot, subscriptionView } from './views';

/**
 * Smart DCA (X-saving, spec section 3 "Smart DCA fields"): a member converts a Stable Income
 * subscription's rewards, as they are paid, into another currency at the price feed's rates.
 *
 * - The setting (premium2/XSavingSetting) is open while the subscription is raising or running;
 *   a new target, or off, starts the figures afresh: rewards paid before it are never converted
 *   (`dcaBase`); the conversions made stay in XSavingHistory.
 * - The conversion runs in the earn-lifecycle job right after the settlement (so each payout is
 *   converted in the run that paid it): what was paid since the target was set and is not yet
 *   converted, once per subscription and UTC+8 day (key `dca:<sub>:<day>`; a catch-up of
 *   several days converts them together). Amount out: the rewards to convert, capped at what the
 *   member's wallet holds of the currency (rewards already spent or withdrawn are not converted
 *   and leave the DCA). Amount in: amount x price(reward) / price(target), both the feed's USDT
 *   prices, rounded down to the target's atomic unit; nothing when that is zero (it waits to
 *   grow). One ledger transaction (type `earn_dca`): the reward currency from the member's
 *   wallet to the platform's `conversion` account, the target currency from it to the wallet,
 *   as the convert feature does, with the conversion row, the earn_events row (kind `dca`) and
 *   the subscription's totals. Conversions are outside the member's convert quota.
 */

const priceUnits = (quote: PriceQuote) => parseAmount(quote.priceUsdt, PRICE_DECIMALS) ?? 0n;

/** `amount` of `from` in `to` at the feed's USDT prices, rounded down. */
export function convertAt(
  amount: bigint,
  from: EarnProductRow['currency'],
  to: EarnDcaCurrency,
  fromPrice: bigint,
  toPrice: bigint,
): bigint {
  if (toPrice <= 0n) return 0n;
  return (
    (amount * fromPrice * 10n ** BigInt(currencyDecimals(to))) /
    (toPrice * 10n ** BigInt(currencyDecimals(from)))
  );
}

/** POST premium2/XSavingSetting. */
export async function setSmartDca(
  deps: EarnDeps,
  memberId: number,
  body: EarnXSavingSettingBody,
): Promise<EarnSubscription> {
  const prices = await priceSnapshot(deps.prices);
  const level = await memberLevel(deps, memberId);
  return deps.db.transaction(async (tx) => {
    const product = await productById(tx, body.premiumId);
    const [sub] = await tx
      .select()
      .from(earnSubscriptions)
      .where(
        and(eq(earnSubscriptions.memberId, memberId), eq(earnSubscriptions.productId, product.id)),
      )
      .for('update');
    if (!sub) throw new AppError(ErrorCode.notFound, EarnError.noSubscription);
    if (!canSetSmartDca(product, sub))
      throw new AppError(ErrorCode.badRequest, EarnDcaError.notAvailable);
    if (body.currency === product.currency)
      throw new AppError(ErrorCode.badRequest, EarnDcaError.sameCurrency);
    const now = deps.clock.now();
    // the same target again changes nothing; a new one, or off, starts the figures afresh
    // (what was paid and not converted is not converted; the conversions stay in the history)
    const set: Partial<typeof earnSubscriptions.$inferInsert> =
      body.currency !== null && body.currency === sub.dcaCurrency
        ? {}
        : {
            dcaCurrency: body.currency,
            dcaBase: sub.accumulatedReward,
            dcaConverted: '0',
            dcaAcquired: '0',
            dcaCount: 0,
          };
    const [updated] = await tx
      .update(earnSubscriptions)
      .set({ ...set, updatedAt: now })
      .where(eq(earnSubscriptions.id, sub.id))
      .returning();
    return subscriptionView({ db: tx, prices, now, level }, product, updated ?? sub);
  });
}

/** One subscription's conversion of the day (see the module comment); true when converted. */
async function convertOne(
  deps: EarnDeps,
  product: EarnProductRow,
  subId: number,
  prices: PriceFeed,
  day: string,
): Promise<boolean> {
  const fromQuote = await prices.quote(product.currency);
  return deps.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(earnSubscriptions)
      .where(eq(earnSubscriptions.id, subId))
      .for('update');
    if (!sub || sub.dcaCurrency === null) return false;
    const target = sub.dcaCurrency;
    const toQuote = await prices.quote(target);
    const owed = dcaPending(sub);
    if (owed <= 0n) return false;
    const held = await accountBalance(tx, memberAccount(sub.memberId), product.currency);
    const amount = owed < held ? owed : held;
    const shortfall = owed - amount;
    const fromPrice = priceUnits(fromQuote);
    const toPrice = priceUnits(toQuote);
    const received = convertAt(amount, product.currency, target, fromPrice, toPrice);
    if (received <= 0n) {
      if (shortfall > 0n)
        await tx
          .update(earnSubscriptions)
          .set({ dcaBase: (BigInt(sub.dcaBase) + shortfall).toString() })
          .where(eq(earnSubscriptions.id, sub.id));
      return false;
    }
    const now = deps.clock.now();
    const eventKey = `dca:${sub.id}:${day}`;
    const [claimed] = await tx
      .insert(earnEvents)
      .values({
        eventKey,
        subscriptionId: sub.id,
        memberId: sub.memberId,
        kind: 'dca',
        detail: 'dca',
        amount: (-amount).toString(),
        currency: product.currency,
        day,
        term: sub.term,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: earnEvents.id });
    if (!claimed) return false;
    const posted = await postLedgerTransaction(tx, deps.clock, {
      idempotencyKey: `earn-${eventKey}`,
      type: 'earn_dca',
      memberId: sub.memberId,
      reference: product.serialNumber,
      memo: {
        subscriptionId: sub.id,
        from: product.currency,
        to: target,
        fromPriceUsdt: fromQuote.priceUsdt,
        toPriceUsdt: toQuote.priceUsdt,
      },
      postings: [
        ...transfer(
          memberAccount(sub.memberId),
          platformAccount('conversion'),
          product.currency,
          amount,
        ),
        ...transfer(platformAccount('conversion'), memberAccount(sub.memberId), target, received),
      ],
    });
    await tx
      .update(earnEvents)
      .set({ ledgerTransactionId: posted.transactionId })
      .where(eq(earnEvents.id, claimed.id));
    await tx.insert(earnDcaConversions).values({
      eventKey,
      subscriptionId: sub.id,
      memberId: sub.memberId,
      fromCurrency: product.currency,
      fromAmount: amount.toString(),
      toCurrency: target,
      toAmount: received.toString(),
      fromPriceUsdt: fromQuote.priceUsdt,
      toPriceUsdt: toQuote.priceUsdt,
      day,
      ledgerTransactionId: posted.transactionId,
      createdAt: now,
    });
    await tx
      .update(earnSubscriptions)
      .set({
        dcaBase: (BigInt(sub.dcaBase) + shortfall).toString(),
        dcaConverted: (BigInt(sub.dcaConverted) + amount).toString(),
        dcaAcquired: (BigInt(sub.dcaAcquired) + received).toString(),
        dcaCount: sub.dcaCount + 1,
        updatedAt: now,
      })
      .where(eq(earnSubscriptions.id, sub.id));
    return true;
  });
}

/** The lifecycle's Smart DCA step: every subscription with rewards to convert. */
export async function convertDcaRewards(deps: EarnDeps, now: Date): Promise<number> {
  const day = platformDay(now);
  const due = await deps.db
    .select({ id: earnSubscriptions.id, productId: earnSubscriptions.productId })
    .from(earnSubscriptions)
    .where(
      and(
        isNotNull(earnSubscriptions.dcaCurrency),
        gt(
          sql`${earnSubscriptions.accumulatedReward} - ${earnSubscriptions.dcaBase} - ${earnSubscriptions.dcaConverted}`,
          0,
        ),
        sql`not exists (select 1 from ${earnDcaConversions} c where c.event_key = 'dca:' || ${earnSubscriptions.id} || ':' || ${day})`,
      ),
    )
    .orderBy(earnSubscriptions.id);
  if (due.length === 0) return 0;
  // the feed is read before the transactions (PGlite runs one at a time)
  const prices = await priceSnapshot(deps.prices);
  const products = new Map<number, EarnProductRow>();
  const rows = await deps.db
    .select()
    .from(earnProducts)
    .where(inArray(earnProducts.id, [...new Set(due.map((row) => row.productId))]));
  for (const row of rows) products.set(row.id, row);
  let converted = 0;
  for (const row of due) {
    const product = products.get(row.productId);
    if (!product) continue;
    if (await convertOne(deps, product, row.id, prices, day)) converted += 1;
  }
  return converted;
}

/** GET premium2/XSavingHistory: the member's conversions, newest first. */
export async function xSavingHistory(
  db: Db,
  memberId: number,
  query: EarnXSavingHistoryQuery,
): Promise<EarnXSavingHistory> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const where = and(
    eq(earnDcaConversions.memberId, memberId),
    ...(query.premiumId ? [eq(earnSubscriptions.productId, query.premiumId)] : []),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ conversion: earnDcaConversions, product: earnProducts })
      .from(earnDcaConversions)
      .innerJoin(earnSubscriptions, eq(earnSubscriptions.id, earnDcaConversions.subscriptionId))
      .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
      .where(where)
      .orderBy(desc(earnDcaConversions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: count() })
      .from(earnDcaConversions)
      .innerJoin(earnSubscriptions, eq(earnSubscriptions.id, earnDcaConversions.subscriptionId))
      .where(where),
  ]);
  return {
    list: rows.map(({ conversion, product }) => ({
      id: conversion.id,
      premiumId: product.id,
      serialNumber: product.serialNumber,
      name: product.name,
      fromCurrency: conversion.fromCurrency,
      fromAmount: toDecimal(conversion.fromCurrency, BigInt(conversion.fromAmount)),
      toCurrency: conversion.toCurrency,
      toAmount: toDecimal(conversion.toCurrency, BigInt(conversion.toAmount)),
      price:
        averagePrice(
          BigInt(conversion.fromAmount),
          conversion.fromCurrency,
          BigInt(conversion.toAmount),
          conversion.toCurrency,
        ) ?? '0',
      day: conversion.day,
      at: conversion.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
    page,
    pageSize,
  };
}
