import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  type LendingCheckSubscription,
  LendingError,
  type LendingExchangeBalance,
  type LendingFeeCurrencyBody,
  type LendingIdleAmountBody,
  type LendingInterestHistory,
  type LendingStrategy,
  type LendingStrategyList,
  type LendingSubscribeBody,
  type LendingSubscription,
  type LendingSubscriptionAnswer,
  type LendingSuspendBody,
  type SubscriptionFee,
} from '../../../shared/api/lending';
import type { Db } from '../../db/database';
import {
  autotradeSubscriptions,
  exchangeApiKeys,
  lendingDeals,
  lendingInterest,
  lendingPeriods,
  lendingStrategies,
  lendingSubscriptions,
  members,
} from '../../db/schema';
import type { LendingFeeCurrency } from '../../db/schema/lending';
import { AppError } from '../../errors';
import { ExchangeFailure, type ExchangeCredentials } from '../../exchange/adapter';
import { registerApiKeyUsage } from '../../exchange/api-keys';
import { fromUnits, toUnits } from '../../exchange/decimal';
import { formatAtomic } from '../../../shared/money/decimal';
import { InsufficientBalance } from '../wallet/ledger';
import { withIdempotency } from '../wallet/idempotency';
import { chargePeriod, type FeeQuote, feeQuote, formatFee } from './billing';
import {
  DAY_MS,
  FEE_CURRENCY_BY_ID,
  FEE_CURRENCY_ID,
  keyCredentials,
  LIVE_STATES,
  type LendingDeps,
  type LendingStrategyRow,
  type LendingSubscriptionRow,
} from './context';

/**
 * The member's lending calls (contract shared/api/lending.ts): Subscribe, Unsubscribe,
 * Resubscribe, IdleAmount, Suspend, FeeCurrency, and the reads. Rules (decisions where the spec
 * says "not shown" are in src/server/README.md "Lending bot"):
 *
 * - One subscription row per member and product; a new Subscribe after the end, or Resubscribe
 *   after the end, reuses it. The free trial is the first subscription's only; after the end a
 *   new period is charged at once.
 * - The chosen key must be the member's, of the product's exchange, with status correct; its
 *   exchange account must run no other product (Smart Autotrade or lending).
 * - The exchange is read through the key before anything is written (the funding wallet's
 *   balance; open offers and orders when starting again after an end).
 */

const E = LendingError;

// A key stays in use (cannot be deleted) while a live lending subscription lends through it.
registerApiKeyUsage('lending', async (db, keyId) => {
  const [row] = await db
    .select({ id: lendingSubscriptions.id })
    .from(lendingSubscriptions)
    .where(
      and(
        eq(lendingSubscriptions.apiKeyId, keyId),
        inArray(lendingSubscriptions.state, [...LIVE_STATES]),
      ),
    )
    .limit(1);
  return Boolean(row);
});

function refuse(
  message: string,
  data: unknown = null,
  status: number = ErrorCode.badRequest,
): never {
  throw new AppError(status, message, data);
}

function exchangeUnavailable(): never {
  throw new AppError(ErrorCode.internal, E.exchangeUnavailable, null, 502);
}

/** an exchange failure -> the refusal the member sees (a failing key or no answer) */
function exchangeRefusal(error: unknown): never {
  if (error instanceof ExchangeFailure) {
    if (error.kind === 'authentication' || error.kind === 'permission' || error.kind === 'nonce') {
      refuse(E.apiKeyIncorrect, { field: 'keyId' }, ErrorCode.conflict);
    }
    exchangeUnavailable();
  }
  throw error;
}

const exchangeUnits = (value: string | bigint) => fromUnits(BigInt(value));

// ---- views -----------------------------------------------------------------------------------

export function strategyView(row: LendingStrategyRow): LendingStrategy {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    exchange: row.exchange,
    currency: row.currency,
    feeUsdt: formatAtomic(BigInt(row.feeUsdt), 6),
    bcntDiscountBps: row.bcntDiscountBps,
    trialDays: row.trialDays,
    periodDays: row.periodDays,
    exchangeFeeBps: 1_500,
    minimumOffer: exchangeUnits(row.minimumOffer),
    recommendedMinimum: exchangeUnits(row.recommendedMinimum),
    minDailyRate: exchangeUnits(row.params.minDailyRate),
    periodDaysDefault: row.params.periodDays,
    longPeriodDays: row.params.longPeriodDays,
    longPeriodRate: exchangeUnits(row.params.longPeriodRate),
    status: row.status,
  };
}

async function subscriptionView(
  deps: Pick<LendingDeps, 'db' | 'prices'>,
  row: LendingSubscriptionRow,
  strategy: LendingStrategyRow,
): Promise<LendingSubscription> {
  const [key] = row.apiKeyId
    ? await deps.db
        .select({ status: exchangeApiKeys.status })
        .from(exchangeApiKeys)
        .where(eq(exchangeApiKeys.id, row.apiKeyId))
    : [];
  const [interest] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${lendingInterest.amount}), 0)::text` })
    .from(lendingInterest)
    .where(eq(lendingInterest.subscriptionId, row.id));
  const quote = await feeQuote(deps, strategy, row.feeCurrency);
  const live = row.state !== 'ended';
  const apiKeyStatus = key?.status ?? 'incorrect';
  return {
    id: row.id,
    strategyId: row.strategyId,
    state: row.state,
    endReason: row.endReason ?? null,
    lendingAsset: strategy.currency,
    paymentAsset: row.feeCurrency,
    feeCurrencyId: FEE_CURRENCY_ID[row.feeCurrency],
    subscriptionFee: formatFee(quote),
    keyId: row.apiKeyId,
    apiKeyStatus,
    idleAmount: exchangeUnits(row.idleAmount),
    totalAssets: exchangeUnits(row.totalAssets),
    idleAssets: exchangeUnits(row.idleAssets),
    lockedIdleAssets: exchangeUnits(row.lockedIdleAssets),
    lentAssets: exchangeUnits(row.lentAssets),
    assetsReadAt: row.assetsReadAt?.toISOString() ?? null,
    autoRenew: live && row.autoRenew,
    suspended: row.suspended,
    pauseReason: !live
      ? 'ended'
      : row.suspended
        ? 'suspended'
        : apiKeyStatus !== 'correct' || row.pauseReason === 'api_key'
          ? 'api_key'
          : null,
    periodStartsAt: row.periodStartsAt.toISOString(),
    periodEndsAt: row.periodEndsAt.toISOString(),
    renewDate: live && row.autoRenew ? row.periodEndsAt.toISOString() : null,
    endDate: live && row.autoRenew ? null : (row.endedAt ?? row.periodEndsAt).toISOString(),
    paymentFailed: live && row.paymentFailedAt !== null,
    recommendedMinimum: exchangeUnits(strategy.recommendedMinimum),
    interestTotal: exchangeUnits(interest?.total ?? '0'),
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

// ---- reads -----------------------------------------------------------------------------------

async function strategyRow(db: Db, strategyId: number): Promise<LendingStrategyRow> {
  const [row] = await db
    .select()
    .from(lendingStrategies)
    .where(eq(lendingStrategies.id, strategyId));
  if (!row) refuse(E.strategyNotFound, { field: 'strategyId' }, ErrorCode.notFound);
  return row;
}

async function memberSubscription(db: Db, memberId: number, strategyId: number) {
  const [row] = await db
    .select()
    .from(lendingSubscriptions)
    .where(
      and(
        eq(lendingSubscriptions.memberId, memberId),
        eq(lendingSubscriptions.strategyId, strategyId),
      ),
    );
  return row;
}

async function requireSubscription(db: Db, memberId: number, strategyId: number) {
  const row = await memberSubscription(db, memberId, strategyId);
  if (!row) refuse(E.subscriptionNotFound, { field: 'strategyId' }, ErrorCode.notFound);
  return row;
}

export async function strategyDetail(deps: Pick<LendingDeps, 'db'>, strategyId: number) {
  return { strategy: strategyView(await strategyRow(deps.db, strategyId)) };
}

export async function listStrategies(deps: Pick<LendingDeps, 'db'>) {
  const rows = await deps.db
    .select()
    .from(lendingStrategies)
    .where(eq(lendingStrategies.status, 'open'))
    .orderBy(asc(lendingStrategies.id));
  return rows.map(strategyView);
}

export async function subscriptionFee(
  deps: Pick<LendingDeps, 'db' | 'prices'>,
  strategyId: number,
): Promise<SubscriptionFee> {
  const strategy = await strategyRow(deps.db, strategyId);
  const fees = await Promise.all(
    (['USDT', 'BCNT'] as const).map(async (currency) => {
      const quote = await feeQuote(deps, strategy, currency);
      return {
        feeCurrencyId: FEE_CURRENCY_ID[currency],
        currency,
        amount: formatFee(quote),
        discountBps: quote.discountBps,
        priceUsdt: quote.priceUsdt,
      };
    }),
  );
  return { strategyId, periodDays: strategy.periodDays, trialDays: strategy.trialDays, fees };
}

/** The live product on a key's exchange account other than `exceptSubscription`, if any. */
async function accountTaken(
  db: Db,
  memberId: number,
  exchange: string,
  account: string,
  exceptSubscription?: number,
): Promise<boolean> {
  const [autotrade] = await db
    .select({ id: autotradeSubscriptions.id })
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.memberId, memberId),
        eq(autotradeSubscriptions.exchange, exchange),
        eq(autotradeSubscriptions.account, account),
        inArray(autotradeSubscriptions.state, ['pending_margin', 'active', 'paused']),
      ),
    )
    .limit(1);
  if (autotrade) return true;
  const [lending] = await db
    .select({ id: lendingSubscriptions.id })
    .from(lendingSubscriptions)
    .where(
      and(
        eq(lendingSubscriptions.memberId, memberId),
        eq(lendingSubscriptions.exchange, exchange),
        eq(lendingSubscriptions.account, account),
        inArray(lendingSubscriptions.state, [...LIVE_STATES]),
        ...(exceptSubscription ? [ne(lendingSubscriptions.id, exceptSubscription)] : []),
      ),
    )
    .limit(1);
  return Boolean(lending);
}

export async function checkSubscription(
  deps: Pick<LendingDeps, 'db' | 'prices'>,
  memberId: number,
  strategyId: number,
): Promise<LendingCheckSubscription> {
  const strategy = await strategyRow(deps.db, strategyId);
  const row = await memberSubscription(deps.db, memberId, strategyId);
  const keys = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(eq(exchangeApiKeys.memberId, memberId))
    .orderBy(asc(exchangeApiKeys.id));
  const liveRow = row && row.state !== 'ended' ? row : undefined;
  return {
    strategyId,
    subscription: row ? await subscriptionView(deps, row, strategy) : null,
    trialUsed: Boolean(row),
    keys: await Promise.all(
      keys.map(async (key) => ({
        keyId: key.id,
        exchange: key.exchange,
        status: key.status,
        available:
          key.status === 'correct' &&
          key.exchange === strategy.exchange &&
          !(await accountTaken(deps.db, memberId, key.exchange, key.account, liveRow?.id)),
      })),
    ),
  };
}

export async function lendingStrategyList(
  deps: Pick<LendingDeps, 'db' | 'prices'>,
  memberId: number,
): Promise<LendingStrategyList> {
  const rows = await deps.db
    .select({ sub: lendingSubscriptions, strategy: lendingStrategies })
    .from(lendingSubscriptions)
    .innerJoin(lendingStrategies, eq(lendingStrategies.id, lendingSubscriptions.strategyId))
    .where(eq(lendingSubscriptions.memberId, memberId))
    .orderBy(asc(lendingSubscriptions.id));
  return {
    list: await Promise.all(
      rows.map(async ({ sub, strategy }) => ({
        strategy: strategyView(strategy),
        subscription: await subscriptionView(deps, sub, strategy),
      })),
    ),
  };
}

/** The funding wallet's figures of the lending currency through a key (read now). */
export async function readFundingAssets(
  deps: Pick<LendingDeps, 'exchange'>,
  credentials: ExchangeCredentials,
  currency: string,
) {
  const [balances, offers, credits] = [
    await deps.exchange.fundingBalances(credentials),
    await deps.exchange.fundingOffers(credentials, currency),
    await deps.exchange.fundingCredits(credentials, currency),
  ];
  const total = balances.find((row) => row.currency === currency)?.total ?? 0n;
  const locked = offers.reduce((sum, offer) => sum + offer.amount, 0n);
  const lent = credits.reduce((sum, credit) => sum + credit.amount, 0n);
  return { total, locked, lent, idle: total - lent, offers, credits };
}

export async function lendingExchangeBalance(
  deps: LendingDeps,
  memberId: number,
  strategyId: number,
): Promise<LendingExchangeBalance> {
  const strategy = await strategyRow(deps.db, strategyId);
  const sub = await requireSubscription(deps.db, memberId, strategyId);
  if (!sub.apiKeyId) refuse(E.apiKeyNotFound, { field: 'keyId' }, ErrorCode.notFound);
  const { credentials } = await keyCredentials(deps, sub.apiKeyId);
  const assets = await readFundingAssets(deps, credentials, strategy.currency).catch(
    exchangeRefusal,
  );
  const now = deps.clock.now();
  await deps.db
    .update(lendingSubscriptions)
    .set({
      totalAssets: assets.total.toString(),
      idleAssets: assets.idle.toString(),
      lockedIdleAssets: assets.locked.toString(),
      lentAssets: assets.lent.toString(),
      assetsReadAt: now,
    })
    .where(eq(lendingSubscriptions.id, sub.id));
  return {
    strategyId,
    currency: strategy.currency,
    totalAssets: fromUnits(assets.total),
    idleAssets: fromUnits(assets.idle),
    lockedIdleAssets: fromUnits(assets.locked),
    lentAssets: fromUnits(assets.lent),
    recommendedMinimum: exchangeUnits(strategy.recommendedMinimum),
    maxIdleAmount: fromUnits(assets.total),
    readAt: now.toISOString(),
  };
}

export const DEALS_SHOWN = 10;

export async function lendingInterestHistory(
  deps: Pick<LendingDeps, 'db'>,
  memberId: number,
  strategyId: number,
): Promise<LendingInterestHistory> {
  const strategy = await strategyRow(deps.db, strategyId);
  const sub = await requireSubscription(deps.db, memberId, strategyId);
  const deals = await deps.db
    .select()
    .from(lendingDeals)
    .where(eq(lendingDeals.subscriptionId, sub.id))
    .orderBy(desc(lendingDeals.openedAt), desc(lendingDeals.id))
    .limit(DEALS_SHOWN);
  const [totals] = await deps.db
    .select({
      reward: sql<string>`coalesce(sum(${lendingInterest.amount}), 0)::text`,
      fee: sql<string>`coalesce(sum(${lendingInterest.exchangeFee}), 0)::text`,
    })
    .from(lendingInterest)
    .where(eq(lendingInterest.subscriptionId, sub.id));
  const periods = await deps.db
    .select()
    .from(lendingPeriods)
    .where(eq(lendingPeriods.subscriptionId, sub.id))
    .orderBy(desc(lendingPeriods.number));
  return {
    strategyId,
    currency: strategy.currency,
    deals: deals.map((deal) => ({
      exchangeNumber: deal.creditId,
      currency: deal.currency,
      quantity: exchangeUnits(deal.amount),
      dailyRate: exchangeUnits(deal.rate),
      // daily rate (1e-8) x 365 in percent, 2 decimals: rate x 365 x 100 / 1e8, to 1e-2
      returnX365: Number((BigInt(deal.rate) * 365n * 100n * 100n) / 10n ** 8n) / 100,
      periodDays: deal.periodDays,
      reward: exchangeUnits(deal.reward),
      exchangeFee: exchangeUnits(deal.exchangeFee),
      status: deal.status,
      openedAt: deal.openedAt.toISOString(),
      closedAt: deal.closedAt?.toISOString() ?? null,
    })),
    interestTotal: exchangeUnits(totals?.reward ?? '0'),
    exchangeFeeTotal: exchangeUnits(totals?.fee ?? '0'),
    exchangeFeeBps: 1_500,
    periods: periods.map((period) => ({
      number: period.number,
      kind: period.kind,
      startsAt: period.startsAt.toISOString(),
      endsAt: period.endsAt.toISOString(),
      currency: period.currency,
      amount: period.currency
        ? formatAtomic(BigInt(period.amount), period.currency === 'USDT' ? 6 : 18)
        : '0',
    })),
  };
}

// ---- writes ----------------------------------------------------------------------------------

async function answer(
  deps: Pick<LendingDeps, 'db' | 'prices'>,
  subscriptionId: number,
): Promise<LendingSubscriptionAnswer> {
  const [row] = await deps.db
    .select()
    .from(lendingSubscriptions)
    .where(eq(lendingSubscriptions.id, subscriptionId));
  if (!row) throw new Error(`lending subscription ${subscriptionId} vanished`);
  const strategy = await strategyRow(deps.db, row.strategyId);
  return { subscription: await subscriptionView(deps, row, strategy) };
}

function idleUnits(text: string, strategy: LendingStrategyRow): bigint {
  const amount = toUnits(text);
  if (amount < BigInt(strategy.minimumOffer)) {
    refuse(E.idleAmountBelowMinimum, {
      field: 'idleAmount',
      minimum: exchangeUnits(strategy.minimumOffer),
    });
  }
  return amount;
}

/** No open offers (funding) nor open orders (spot) on the key's account (before a restart). */
async function requireClearedAccount(
  deps: Pick<LendingDeps, 'exchange'>,
  credentials: ExchangeCredentials,
  currency: string,
) {
  const [offers, orders] = await Promise.all([
    deps.exchange.fundingOffers(credentials, currency),
    deps.exchange.openOrders(credentials),
  ]).catch(exchangeRefusal);
  if (offers.length > 0 || orders.length > 0) {
    refuse(E.clearOpenOrders, { offers: offers.length, orders: orders.length }, ErrorCode.conflict);
  }
}

function insufficientBalance(): never {
  refuse(E.insufficientBalance, { field: 'feeCurrencyId' }, ErrorCode.badRequest);
}

/**
 * Start (Subscribe) or start again (after an end): the trial for a first subscription, else a
 * paid period charged now.
 */
export async function subscribe(
  deps: LendingDeps,
  memberId: number,
  idempotencyKey: string,
  body: LendingSubscribeBody,
): Promise<LendingSubscriptionAnswer> {
  const strategy = await strategyRow(deps.db, body.strategyId);
  if (strategy.status !== 'open')
    refuse(E.strategyNotFound, { field: 'strategyId' }, ErrorCode.notFound);
  const existing = await memberSubscription(deps.db, memberId, strategy.id);
  if (existing && existing.state !== 'ended') refuse(E.alreadySubscribed, null, ErrorCode.conflict);
  const [key] = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(and(eq(exchangeApiKeys.id, body.keyId), eq(exchangeApiKeys.memberId, memberId)));
  if (!key) refuse(E.apiKeyNotFound, { field: 'keyId' }, ErrorCode.notFound);
  if (key.exchange !== strategy.exchange) refuse(E.apiKeyWrongExchange, { field: 'keyId' });
  if (key.status !== 'correct') refuse(E.apiKeyIncorrect, { field: 'keyId' }, ErrorCode.conflict);
  const idleAmount = idleUnits(body.idleAmount, strategy);
  let referrer: number | null = null;
  if (body.referralCode) {
    const [row] = await deps.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.referralCode, body.referralCode.toUpperCase()));
    if (!row || row.id === memberId) refuse(E.referralInvalid, { field: 'referralCode' });
    referrer = row.id;
  }
  if (await accountTaken(deps.db, memberId, key.exchange, key.account)) {
    refuse(E.oneProductPerAccount, { field: 'keyId' }, ErrorCode.conflict);
  }
  const feeCurrency: LendingFeeCurrency = FEE_CURRENCY_BY_ID[body.feeCurrencyId];
  const { credentials } = await keyCredentials(deps, key.id);
  const assets = await readFundingAssets(deps, credentials, strategy.currency).catch(
    exchangeRefusal,
  );
  if (assets.total < idleAmount) {
    refuse(E.exchangeInsufficientBalance, { field: 'idleAmount', max: fromUnits(assets.total) });
  }
  if (existing) await requireClearedAccount(deps, credentials, strategy.currency);
  const quote = existing ? await feeQuote(deps, strategy, feeCurrency) : null;
  const now = deps.clock.now();
  const fields = {
    apiKeyId: key.id,
    exchange: key.exchange,
    account: key.account,
    idleAmount: idleAmount.toString(),
    feeCurrency,
    referrerMemberId: referrer,
    autoRenew: true,
    suspended: false,
    pauseReason: null,
    endReason: null,
    endedAt: null,
    paymentFailedAt: null,
    totalAssets: assets.total.toString(),
    idleAssets: assets.idle.toString(),
    lockedIdleAssets: assets.locked.toString(),
    lentAssets: assets.lent.toString(),
    assetsReadAt: now,
    lastCycleAt: null,
  };
  const id = await withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'lending-subscribe', key: idempotencyKey, request: body },
    async (tx) => {
      try {
        if (!existing) {
          const trialEnds = new Date(now.getTime() + strategy.trialDays * DAY_MS);
          const [row] = await tx
            .insert(lendingSubscriptions)
            .values({
              memberId,
              strategyId: strategy.id,
              state: 'trial',
              periodNumber: 1,
              periodStartsAt: now,
              periodEndsAt: trialEnds,
              ledgerCursor: now,
              createdAt: now,
              ...fields,
            })
            .returning({ id: lendingSubscriptions.id });
          await tx.insert(lendingPeriods).values({
            subscriptionId: row!.id,
            number: 1,
            kind: 'trial',
            startsAt: now,
            endsAt: trialEnds,
            currency: null,
            amount: '0',
            createdAt: now,
          });
          return row!.id;
        }
        return await restart(tx, deps, existing, fields, quote as FeeQuote, strategy, now);
      } catch (error) {
        if (error instanceof InsufficientBalance) insufficientBalance();
        if (isUniqueViolation(error)) {
          refuse(E.oneProductPerAccount, { field: 'keyId' }, ErrorCode.conflict);
        }
        throw error;
      }
    },
  );
  return answer(deps, id);
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505';
}

/** An ended subscription starts again: a new paid period charged now, then active. */
async function restart(
  tx: Db,
  deps: LendingDeps,
  existing: LendingSubscriptionRow,
  fields: Partial<typeof lendingSubscriptions.$inferInsert>,
  quote: FeeQuote,
  strategy: LendingStrategyRow,
  now: Date,
): Promise<number> {
  // claimed only from the state read (a concurrent restart finds it live and stops)
  const [claimed] = await tx
    .update(lendingSubscriptions)
    .set({ ...fields, state: 'active', ledgerCursor: existing.ledgerCursor ?? now })
    .where(and(eq(lendingSubscriptions.id, existing.id), eq(lendingSubscriptions.state, 'ended')))
    .returning({ id: lendingSubscriptions.id });
  if (!claimed) refuse(E.alreadySubscribed, null, ErrorCode.conflict);
  await chargePeriod(tx, deps, existing, {
    number: existing.periodNumber + 1,
    startsAt: now,
    periodDays: strategy.periodDays,
    quote,
  });
  return existing.id;
}

/** Unsubscribe: auto-renew off; the service runs to the end of the period. */
export async function unsubscribe(
  deps: LendingDeps,
  memberId: number,
  strategyId: number,
): Promise<LendingSubscriptionAnswer> {
  const sub = await requireSubscription(deps.db, memberId, strategyId);
  if (sub.state === 'ended') refuse(E.wrongState, { state: sub.state }, ErrorCode.conflict);
  await deps.db
    .update(lendingSubscriptions)
    .set({ autoRenew: false, paymentFailedAt: null })
    .where(eq(lendingSubscriptions.id, sub.id));
  return answer(deps, sub.id);
}

/**
 * Resubscribe: while the period runs, auto-renew back on; after the end, start again with the
 * same key, idle amount and fee currency (open offers and orders cleared first, a paid period
 * charged now).
 */
export async function resubscribe(
  deps: LendingDeps,
  memberId: number,
  idempotencyKey: string,
  strategyId: number,
): Promise<LendingSubscriptionAnswer> {
  const sub = await requireSubscription(deps.db, memberId, strategyId);
  if (sub.state !== 'ended') {
    await deps.db
      .update(lendingSubscriptions)
      .set({ autoRenew: true })
      .where(eq(lendingSubscriptions.id, sub.id));
    return answer(deps, sub.id);
  }
  if (!sub.apiKeyId) refuse(E.apiKeyNotFound, { field: 'keyId' }, ErrorCode.notFound);
  return subscribe(deps, memberId, idempotencyKey, {
    strategyId,
    keyId: sub.apiKeyId,
    idleAmount: fromUnits(BigInt(sub.idleAmount)),
    feeCurrencyId: FEE_CURRENCY_ID[sub.feeCurrency],
  });
}

/**
 * IdleAmount: at most the funding wallet's idle assets plus what is lent out (its balance, read
 * now): "Insufficient Assets" with data.max (the max button) above it. The bot uses the new
 * amount at its next cycle (at once: the cycle is made due).
 */
export async function setIdleAmount(
  deps: LendingDeps,
  memberId: number,
  body: LendingIdleAmountBody,
): Promise<LendingSubscriptionAnswer> {
  const strategy = await strategyRow(deps.db, body.strategyId);
  const sub = await requireSubscription(deps.db, memberId, body.strategyId);
  if (sub.state === 'ended') refuse(E.wrongState, { state: sub.state }, ErrorCode.conflict);
  const amount = idleUnits(body.idleAmount, strategy);
  if (!sub.apiKeyId) refuse(E.apiKeyNotFound, { field: 'keyId' }, ErrorCode.notFound);
  const { credentials } = await keyCredentials(deps, sub.apiKeyId);
  const assets = await readFundingAssets(deps, credentials, strategy.currency).catch(
    exchangeRefusal,
  );
  // the idle amount caps what the bot has out (offers and credits), so the most it can be is
  // the funding wallet's idle assets plus what is lent: its whole balance
  if (amount > assets.total) {
    refuse(E.insufficientAssets, { field: 'idleAmount', max: fromUnits(assets.total) });
  }
  await deps.db
    .update(lendingSubscriptions)
    .set({
      idleAmount: amount.toString(),
      totalAssets: assets.total.toString(),
      idleAssets: assets.idle.toString(),
      lockedIdleAssets: assets.locked.toString(),
      lentAssets: assets.lent.toString(),
      assetsReadAt: deps.clock.now(),
      // the next cycle applies it at once
      lastCycleAt: null,
    })
    .where(eq(lendingSubscriptions.id, sub.id));
  return answer(deps, sub.id);
}

/** Suspend (true) stops placing offers (the bot cancels its open ones); false resumes. */
export async function setSuspended(
  deps: LendingDeps,
  memberId: number,
  body: LendingSuspendBody,
): Promise<LendingSubscriptionAnswer> {
  const sub = await requireSubscription(deps.db, memberId, body.strategyId);
  if (sub.state === 'ended') refuse(E.wrongState, { state: sub.state }, ErrorCode.conflict);
  await deps.db
    .update(lendingSubscriptions)
    .set({ suspended: body.suspend, lastCycleAt: null })
    .where(eq(lendingSubscriptions.id, sub.id));
  return answer(deps, sub.id);
}

/** FeeCurrency: the currency of the next charge (USDT 28, BCNT 27). */
export async function setFeeCurrency(
  deps: LendingDeps,
  memberId: number,
  body: LendingFeeCurrencyBody,
): Promise<LendingSubscriptionAnswer> {
  const sub = await requireSubscription(deps.db, memberId, body.strategyId);
  if (sub.state === 'ended') refuse(E.wrongState, { state: sub.state }, ErrorCode.conflict);
  await deps.db
    .update(lendingSubscriptions)
    .set({ feeCurrency: FEE_CURRENCY_BY_ID[body.feeCurrencyId], paymentFailedAt: null })
    .where(eq(lendingSubscriptions.id, sub.id));
  return answer(deps, sub.id);
}
