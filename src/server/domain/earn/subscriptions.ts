import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { earnEvents, earnProducts, earnSubscriptions } from '../../db/schema/earn';
import { AppError, validationError } from '../../errors';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  type EarnAssetReturnBody,
  type EarnCheckJoin,
  type EarnDetail,
  EarnError,
  type EarnHistory,
  type EarnHistoryQuery,
  type EarnJoinBody,
  type EarnLeaveBody,
  type EarnSettingBody,
  type EarnSubscription,
  type EarnUserFunds,
  type EarnUserFundsQuery,
} from '../../../shared/api/earn';
import { consentsFor, isNavKind, isProKind } from '../../../shared/constants/earn';
import { isPremierMember } from '../kyc/premier';
import {
  assessSuitability,
  recordAcknowledgement,
  requireAcknowledgement,
} from '../questionnaire/suitability';
import { currencyDecimals } from '../wallet/balances';
import { withIdempotency } from '../wallet/idempotency';
import {
  accountBalance,
  InsufficientBalance,
  memberAccount,
  platformAccount,
  type Posting,
  postLedgerTransaction,
  transfer,
} from '../wallet/ledger';
import { platformDay } from '../../../shared/time/platform-days';
import { formatAtomic } from '../../../shared/money/decimal';
import {
  type EarnProductRow,
  formatUnits,
  isJoinOpen,
  productById,
  productDetail,
  readableProduct,
  soldUnits,
} from './catalog';
import { EARN_PRODUCT_LOCK, type EarnDeps, memberLevel } from './context';
import {
  bcntFor,
  canRedeem,
  earlyTerminationFee,
  type EarnSubscriptionRow,
  priceSnapshot,
  renewOnUntil,
  subscriptionView,
} from './views';
import type { PriceFeed } from '../wallet/price-feed';

/**
 * A member's subscriptions: Join (and add more), Leave (cancel before the start, early
 * redemption in BCNT after it), the auto-renew setting and the Pro Asset Return request, and
 * the reads of the product with the member's part. Each money move is one ledger transaction
 * written with its rows, under the member's Idempotency-Key; Join and Leave of one product are
 * serialised by a transaction-scoped advisory lock on the product, so the capacity cannot be
 * oversold by concurrent joins.
 */

const FINISHED = ['failed', 'canceled', 'ended'] as const;

async function lockProduct(tx: Db, productId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EARN_PRODUCT_LOCK}, ${productId})`);
}

async function subscriptionOf(
  db: Db,
  memberId: number,
  productId: number,
): Promise<EarnSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(earnSubscriptions)
    .where(
      and(eq(earnSubscriptions.memberId, memberId), eq(earnSubscriptions.productId, productId)),
    )
    .limit(1);
  return row;
}

/**
 * The member's view of a subscription. Inside a transaction pass `prices` from
 * `priceSnapshot` (read before it began).
 */
async function view(
  deps: EarnDeps,
  db: Db,
  memberId: number,
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
  prices: PriceFeed = deps.prices,
): Promise<EarnSubscription> {
  const level = await memberLevel({ ...deps, db }, memberId);
  return subscriptionView({ db, prices, now: deps.clock.now(), level }, product, sub);
}

/** Why the member may not join this product now (null: they may). */
async function joinRefusal(
  deps: EarnDeps,
  db: Db,
  memberId: number,
  product: EarnProductRow,
  existing: EarnSubscriptionRow | undefined,
): Promise<string | null> {
  if (product.premiumOnly && !(await isPremierMember(db, memberId))) return EarnError.premierOnly;
  if (!isJoinOpen(product, deps.clock.now())) return EarnError.notRaising;
  if (existing && existing.state !== 'raising' && existing.state !== 'canceled')
    return EarnError.notRaising;
  return null;
}

/** premium2/CheckJoin. */
export async function checkJoin(
  deps: EarnDeps,
  memberId: number,
  serialNumber: string,
): Promise<EarnCheckJoin> {
  const premier = await isPremierMember(deps.db, memberId);
  const product = await readableProduct(deps.db, serialNumber, { premier });
  const existing = await subscriptionOf(deps.db, memberId, product.id);
  const held = existing?.state === 'raising' ? existing.units : 0;
  const [refusal, sold, available] = await Promise.all([
    joinRefusal(deps, deps.db, memberId, product, existing),
    soldUnits(deps.db, [product.id]),
    accountBalance(deps.db, memberAccount(memberId), product.currency),
  ]);
  const left =
    product.capacityUnits === null ? Infinity : product.capacityUnits - (sold.get(product.id) ?? 0);
  const maxUnits = Math.max(0, Math.min(product.maxUnit - held, left));
  const minUnits = Math.max(1, product.minUnit - held);
  const reason =
    refusal ??
    (maxUnits < minUnits ? (left < minUnits ? EarnError.soldOut : EarnError.aboveMaxUnits) : null);
  return {
    canJoin: reason === null,
    reason,
    addMore: held > 0,
    minUnits,
    maxUnits,
    perUnit: formatUnits(product, BigInt(product.perUnit)),
    unitsHeld: held,
    available: formatUnits(product, available),
    currency: product.currency,
    consents: [...consentsFor(product.kind, product.premiumOnly)],
  };
}

/** POST premium2/Join: subscribe, or add units before the start (scope `earn-join`). */
export async function joinProduct(
  deps: EarnDeps,
  memberId: number,
  key: string,
  body: EarnJoinBody,
): Promise<EarnSubscription> {
  const prices = await priceSnapshot(deps.prices);
  return withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'earn-join', key, request: body },
    async (tx) => {
      await lockProduct(tx, body.premiumId);
      const product = await productById(tx, body.premiumId);
      const existing = await subscriptionOf(tx, memberId, product.id);
      const refusal = await joinRefusal(deps, tx, memberId, product, existing);
      if (refusal === EarnError.premierOnly) throw new AppError(ErrorCode.forbidden, refusal);
      if (refusal) throw new AppError(ErrorCode.badRequest, refusal);
      const missing = consentsFor(product.kind, product.premiumOnly).filter(
        (consent) => !body.consents.includes(consent),
      );
      if (missing.length > 0)
        throw validationError(
          missing.map((consent) => ({
            field: `consents.${consent}`,
            message: EarnError.consentMissing,
          })),
        );
      // above the member's risk type, or without a valid questionnaire: acknowledged or refused
      const suitability = await assessSuitability(tx, deps.clock, memberId, {
        product: 'earn',
        productId: product.id,
        productRisk: product.riskLevel,
      });
      requireAcknowledgement(suitability, body.riskAcknowledged);
      const held = existing?.state === 'raising' ? existing.units : 0;
      const total = held + body.units;
      if (total < product.minUnit)
        throw new AppError(ErrorCode.badRequest, EarnError.belowMinUnits, {
          minUnit: product.minUnit,
        });
      if (total > product.maxUnit)
        throw new AppError(ErrorCode.badRequest, EarnError.aboveMaxUnits, {
          maxUnit: product.maxUnit,
        });
      const sold = (await soldUnits(tx, [product.id])).get(product.id) ?? 0;
      if (product.capacityUnits !== null && sold + body.units > product.capacityUnits)
        throw new AppError(ErrorCode.badRequest, EarnError.soldOut, {
          left: Math.max(0, product.capacityUnits - sold),
        });

      const now = deps.clock.now();
      const amount = BigInt(product.perUnit) * BigInt(body.units);
      const adding = existing?.state === 'raising';
      let sub: EarnSubscriptionRow | undefined;
      if (existing && adding) {
        [sub] = await tx
          .update(earnSubscriptions)
          .set({
            units: total,
            invested: sql`${earnSubscriptions.invested} + ${amount.toString()}`,
            added: sql`${earnSubscriptions.added} + ${amount.toString()}`,
            principal: sql`${earnSubscriptions.principal} + ${amount.toString()}`,
            updatedAt: now,
          })
          .where(eq(earnSubscriptions.id, existing.id))
          .returning();
      } else {
        const fresh = {
          state: 'raising' as const,
          units: body.units,
          invested: amount.toString(),
          added: '0',
          principal: amount.toString(),
          accumulatedReward: '0',
          // NAV products never renew (valued and returned at expiry)
          autoRenew: isNavKind(product.kind) ? false : (body.autoRenew ?? isProKind(product.kind)),
          assetReturnUnits: null,
          assetReturnLevel: null,
          consents: [...new Set(body.consents)],
          term: 1,
          termStart: null,
          termEnd: null,
          settledThrough: null,
          rateLevel: null,
          lowerLevelSince: null,
          returnDueAt: null,
          returnAmount: null,
          returnedAt: null,
          redeemedAt: null,
          redeemedBcnt: null,
          reminderTerm: null,
          startNav: null,
          endNav: null,
          navThrough: null,
          highWatermark: null,
          managementFee: '0',
          performanceFee: '0',
          excessReward: '0',
          terminationFee: null,
          dcaCurrency: null,
          dcaBase: '0',
          dcaConverted: '0',
          dcaAcquired: '0',
          dcaCount: 0,
          updatedAt: now,
        };
        [sub] = existing
          ? await tx
              .update(earnSubscriptions)
              .set({ ...fresh, createdAt: now })
              .where(eq(earnSubscriptions.id, existing.id))
              .returning()
          : await tx
              .insert(earnSubscriptions)
              .values({ ...fresh, memberId, productId: product.id, createdAt: now })
              .returning();
      }
      if (!sub) throw new Error('subscription not written');
      await recordAcknowledgement(tx, suitability, sub.id, now);
      let posted;
      try {
        posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `earn-join:${memberId}:${key}`,
          type: 'invest',
          memberId,
          reference: product.serialNumber,
          memo: { subscriptionId: sub.id, units: body.units },
          postings: transfer(
            memberAccount(memberId),
            memberAccount(memberId, 'earn'),
            product.currency,
            amount,
          ),
        });
      } catch (error) {
        if (error instanceof InsufficientBalance)
          throw new AppError(ErrorCode.badRequest, EarnError.insufficientBalance);
        throw error;
      }
      await tx.insert(earnEvents).values({
        eventKey: `join:${memberId}:${key}`,
        subscriptionId: sub.id,
        memberId,
        kind: adding ? 'add' : 'subscribe',
        amount: (-amount).toString(),
        currency: product.currency,
        term: sub.term,
        ledgerTransactionId: posted.transactionId,
        createdAt: now,
      });
      return view(deps, tx, memberId, product, sub, prices);
    },
  );
}

async function lockedSubscription(
  tx: Db,
  memberId: number,
  productId: number,
): Promise<EarnSubscriptionRow> {
  const [sub] = await tx
    .select()
    .from(earnSubscriptions)
    .where(
      and(eq(earnSubscriptions.memberId, memberId), eq(earnSubscriptions.productId, productId)),
    )
    .for('update');
  if (!sub || (FINISHED as readonly string[]).includes(sub.state))
    throw new AppError(ErrorCode.notFound, EarnError.noSubscription);
  return sub;
}

/**
 * POST premium2/Leave (scope `earn-leave`). cancel: before the start, the subscription becomes
 * cancel_pending and the lifecycle job refunds it. redeem: a running Stable Income or Pro
 * subscription until a day before expiry; the principal is paid in BCNT at the price feed's
 * rates (rounded down), rewards already paid stay, rewards accrued and not yet paid are paid in
 * the product's currency; final.
 */
export async function leaveProduct(
  deps: EarnDeps,
  memberId: number,
  key: string,
  body: EarnLeaveBody,
): Promise<EarnSubscription> {
  const prices = await priceSnapshot(deps.prices);
  return withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'earn-leave', key, request: body },
    async (tx) => {
      await lockProduct(tx, body.premiumId);
      const product = await productById(tx, body.premiumId);
      const sub = await lockedSubscription(tx, memberId, product.id);
      const now = deps.clock.now();
      if (body.action === 'cancel') {
        if (sub.state !== 'raising' || now >= product.startAt)
          throw new AppError(ErrorCode.badRequest, EarnError.cannotCancel);
        const [updated] = await tx
          .update(earnSubscriptions)
          .set({
            state: 'cancel_pending',
            returnDueAt: now,
            returnAmount: sub.principal,
            updatedAt: now,
          })
          .where(eq(earnSubscriptions.id, sub.id))
          .returning();
        return view(deps, tx, memberId, product, updated ?? sub, prices);
      }
      if (sub.state !== 'running') throw new AppError(ErrorCode.badRequest, EarnError.cannotCancel);
      if (!canRedeem(product, sub, now))
        throw new AppError(ErrorCode.badRequest, EarnError.redemptionClosed);
      const principal = BigInt(sub.principal);
      if (product.kind === 'flagship')
        return terminateFlagship(deps, tx, product, sub, key, prices);
      const bcnt = await bcntFor(prices, product.currency, principal);
      const unpaid = await tx
        .select({ id: earnEvents.id, amount: earnEvents.amount })
        .from(earnEvents)
        .where(
          and(
            eq(earnEvents.subscriptionId, sub.id),
            eq(earnEvents.kind, 'reward'),
            sql`${earnEvents.ledgerTransactionId} is null`,
          ),
        );
      const accrued = unpaid.reduce((sum, row) => sum + BigInt(row.amount), 0n);
      const posted = await postLedgerTransaction(tx, deps.clock, {
        idempotencyKey: `earn-redeem:${sub.id}:${sub.term}`,
        type: 'earn_redeem',
        memberId,
        reference: product.serialNumber,
        memo: { subscriptionId: sub.id, bcnt: bcnt.toString() },
        postings: [
          ...transfer(
            memberAccount(memberId, 'earn'),
            platformAccount('conversion'),
            product.currency,
            principal,
          ),
          ...(bcnt > 0n
            ? transfer(platformAccount('conversion'), memberAccount(memberId), 'BCNT', bcnt)
            : []),
          ...(accrued > 0n
            ? transfer(
                platformAccount('earn_rewards'),
                memberAccount(memberId),
                product.currency,
                accrued,
              )
            : []),
        ],
      });
      if (unpaid.length > 0)
        await tx
          .update(earnEvents)
          .set({ ledgerTransactionId: posted.transactionId })
          .where(
            inArray(
              earnEvents.id,
              unpaid.map((row) => row.id),
            ),
          );
      await tx.insert(earnEvents).values({
        eventKey: `redeem:${sub.id}:${sub.term}`,
        subscriptionId: sub.id,
        memberId,
        kind: 'redeem',
        amount: principal.toString(),
        currency: product.currency,
        term: sub.term,
        ledgerTransactionId: posted.transactionId,
        createdAt: now,
      });
      const [updated] = await tx
        .update(earnSubscriptions)
        .set({
          state: 'canceled',
          redeemedAt: now,
          redeemedBcnt: bcnt.toString(),
          accumulatedReward: sql`${earnSubscriptions.accumulatedReward} + ${accrued.toString()}`,
          assetReturnUnits: null,
          updatedAt: now,
        })
        .where(eq(earnSubscriptions.id, sub.id))
        .returning();
      return view(deps, tx, memberId, product, updated ?? sub, prices);
    },
  );
}

/**
 * Early termination of a running Flagship (Leave with redeem): the principal less the fee (5 %
 * within the first six months of the term, 3.5 % after; rounded down) comes back to the wallet
 * in the product's currency, the fee goes to the platform's `fees` account, fixed rewards
 * accrued and not yet paid are paid; one ledger transaction. The excess share already credited
 * stays with the member.
 */
async function terminateFlagship(
  deps: EarnDeps,
  tx: Db,
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
  key: string,
  prices: PriceFeed,
): Promise<EarnSubscription> {
  const now = deps.clock.now();
  const principal = BigInt(sub.principal);
  const fee = earlyTerminationFee(sub, now) ?? 0n;
  const unpaid = await tx
    .select({ id: earnEvents.id, amount: earnEvents.amount })
    .from(earnEvents)
    .where(
      and(
        eq(earnEvents.subscriptionId, sub.id),
        eq(earnEvents.kind, 'reward'),
        sql`${earnEvents.ledgerTransactionId} is null`,
      ),
    );
  const accrued = unpaid.reduce((sum, row) => sum + BigInt(row.amount), 0n);
  const back = principal - fee;
  const postings: Posting[] = [
    {
      account: memberAccount(sub.memberId, 'earn'),
      currency: product.currency,
      amount: -principal,
    },
  ];
  if (back > 0n)
    postings.push({
      account: memberAccount(sub.memberId),
      currency: product.currency,
      amount: back,
    });
  if (fee > 0n)
    postings.push({ account: platformAccount('fees'), currency: product.currency, amount: fee });
  if (accrued > 0n)
    postings.push(
      ...transfer(
        platformAccount('earn_rewards'),
        memberAccount(sub.memberId),
        product.currency,
        accrued,
      ),
    );
  const posted = await postLedgerTransaction(tx, deps.clock, {
    idempotencyKey: `earn-redeem:${sub.id}:${sub.term}`,
    type: 'earn_redeem',
    memberId: sub.memberId,
    reference: product.serialNumber,
    memo: { subscriptionId: sub.id, fee: fee.toString(), leaveKey: key },
    postings,
  });
  if (unpaid.length > 0)
    await tx
      .update(earnEvents)
      .set({ ledgerTransactionId: posted.transactionId })
      .where(
        inArray(
          earnEvents.id,
          unpaid.map((row) => row.id),
        ),
      );
  const base = {
    subscriptionId: sub.id,
    memberId: sub.memberId,
    currency: product.currency,
    term: sub.term,
    day: platformDay(now),
    ledgerTransactionId: posted.transactionId,
    createdAt: now,
  };
  await tx.insert(earnEvents).values([
    { ...base, eventKey: `redeem:${sub.id}:${sub.term}`, kind: 'redeem', amount: back.toString() },
    ...(fee > 0n
      ? [
          {
            ...base,
            eventKey: `fee-termination:${sub.id}:${sub.term}`,
            kind: 'fee' as const,
            detail: 'early_termination' as const,
            amount: (-fee).toString(),
          },
        ]
      : []),
  ]);
  const [updated] = await tx
    .update(earnSubscriptions)
    .set({
      state: 'canceled',
      redeemedAt: now,
      terminationFee: fee.toString(),
      returnAmount: back.toString(),
      returnedAt: now,
      principal: '0',
      accumulatedReward: sql`${earnSubscriptions.accumulatedReward} + ${accrued.toString()}`,
      updatedAt: now,
    })
    .where(eq(earnSubscriptions.id, sub.id))
    .returning();
  return view(deps, tx, sub.memberId, product, updated ?? sub, prices);
}

/**
 * POST premium2/Setting: auto-renew. Off at any time before expiry; back on until one day
 * before expiry (the spec's "can be turned back on a day before expiry", read as the last
 * moment for it).
 */
export async function setAutoRenew(
  deps: EarnDeps,
  memberId: number,
  body: EarnSettingBody,
): Promise<EarnSubscription> {
  const prices = await priceSnapshot(deps.prices);
  return deps.db.transaction(async (tx) => {
    const product = await productById(tx, body.premiumId);
    const sub = await lockedSubscription(tx, memberId, product.id);
    const now = deps.clock.now();
    const open =
      sub.state === 'raising' ||
      (sub.state === 'running' && sub.termEnd !== null && now < sub.termEnd);
    if (!product.renewable || isNavKind(product.kind) || !open)
      throw new AppError(ErrorCode.badRequest, EarnError.settingClosed);
    if (
      body.isRenew &&
      !sub.autoRenew &&
      sub.state === 'running' &&
      now >= (renewOnUntil(sub) ?? now)
    )
      throw new AppError(ErrorCode.badRequest, EarnError.renewOnTooLate);
    const [updated] = await tx
      .update(earnSubscriptions)
      .set({ autoRenew: body.isRenew, updatedAt: now })
      .where(eq(earnSubscriptions.id, sub.id))
      .returning();
    return view(deps, tx as unknown as Db, memberId, product, updated ?? sub, prices);
  });
}

/**
 * POST premium2/ChangeAssetReturn: a Pro subscription's units to take back at expiry (0 cancels
 * the request), never more than it holds. The member's level is kept with the request: a level
 * change cancels it (lifecycle.ts).
 */
export async function changeAssetReturn(
  deps: EarnDeps,
  memberId: number,
  body: EarnAssetReturnBody,
): Promise<EarnSubscription> {
  const level = await memberLevel(deps, memberId);
  const prices = await priceSnapshot(deps.prices);
  return deps.db.transaction(async (tx) => {
    const product = await productById(tx, body.premiumId);
    if (!isProKind(product.kind)) throw new AppError(ErrorCode.badRequest, EarnError.notPro);
    const sub = await lockedSubscription(tx, memberId, product.id);
    const now = deps.clock.now();
    const open =
      sub.state === 'raising' ||
      (sub.state === 'running' && sub.termEnd !== null && now < sub.termEnd);
    if (!open) throw new AppError(ErrorCode.badRequest, EarnError.settingClosed);
    if (body.assetReturnUnits > sub.units)
      throw new AppError(ErrorCode.badRequest, EarnError.returnAboveMax, {
        maxReturnUnits: sub.units,
      });
    const request = body.assetReturnUnits === 0 ? null : body.assetReturnUnits;
    const [updated] = await tx
      .update(earnSubscriptions)
      .set({
        assetReturnUnits: request,
        assetReturnLevel: request === null ? null : level,
        updatedAt: now,
      })
      .where(eq(earnSubscriptions.id, sub.id))
      .returning();
    return view(deps, tx as unknown as Db, memberId, product, updated ?? sub, prices);
  });
}

/** premium2/Detail: the product and the member's subscription of it (null when none). */
export async function memberDetail(
  deps: EarnDeps,
  memberId: number,
  serialNumber: string,
): Promise<EarnDetail> {
  const premier = await isPremierMember(deps.db, memberId);
  const product = await readableProduct(deps.db, serialNumber, { premier });
  const sub = await subscriptionOf(deps.db, memberId, product.id);
  return {
    product: await productDetail(deps.db, deps.clock, product),
    subscription: sub ? await view(deps, deps.db, memberId, product, sub) : null,
  };
}

const OPEN_STATES = ['raising', 'running', 'cancel_pending', 'asset_return'] as const;

/** premium2/UserFunds: the member's subscriptions, newest first. */
export async function userFunds(
  deps: EarnDeps,
  memberId: number,
  query: EarnUserFundsQuery,
): Promise<EarnUserFunds> {
  const rows = await deps.db
    .select({ sub: earnSubscriptions, product: earnProducts })
    .from(earnSubscriptions)
    .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
    .where(
      and(
        eq(earnSubscriptions.memberId, memberId),
        ...(query.kind ? [eq(earnProducts.kind, query.kind)] : []),
        ...(query.state === 'open' ? [inArray(earnSubscriptions.state, [...OPEN_STATES])] : []),
        ...(query.state === 'closed' ? [inArray(earnSubscriptions.state, [...FINISHED])] : []),
      ),
    )
    .orderBy(desc(earnSubscriptions.createdAt), desc(earnSubscriptions.id));
  const level = await memberLevel(deps, memberId);
  const ctx = { db: deps.db, prices: deps.prices, now: deps.clock.now(), level };
  return {
    list: await Promise.all(rows.map((row) => subscriptionView(ctx, row.product, row.sub))),
  };
}

/** premium2/PremiumHistory: one subscription's movements, newest first. */
export async function subscriptionHistory(
  deps: EarnDeps,
  memberId: number,
  query: EarnHistoryQuery,
): Promise<EarnHistory> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const sub = await subscriptionOf(deps.db, memberId, query.premiumId);
  if (!sub) throw new AppError(ErrorCode.notFound, EarnError.noSubscription);
  const where = eq(earnEvents.subscriptionId, sub.id);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(earnEvents)
      .where(where)
      .orderBy(desc(earnEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ value: count() }).from(earnEvents).where(where),
  ]);
  return {
    list: rows.map((row) => {
      const amount = BigInt(row.amount);
      const decimals = currencyDecimals(row.currency as EarnProductRow['currency']);
      const text = formatAtomic(amount < 0n ? -amount : amount, decimals);
      return {
        id: row.id,
        kind: row.kind,
        detail: row.detail,
        amount: amount < 0n ? `-${text}` : text,
        currency: row.currency,
        day: row.day,
        level: row.level,
        rate: row.rateBps === null ? null : row.rateBps / 100,
        term: row.term,
        at: row.createdAt.toISOString(),
      };
    }),
    total: total?.value ?? 0,
    page,
    pageSize,
  };
}

/** Products ordered for the lifecycle job. */
export async function productsWithState(db: Db, states: readonly EarnSubscriptionRow['state'][]) {
  return db
    .selectDistinct({ productId: earnSubscriptions.productId })
    .from(earnSubscriptions)
    .where(inArray(earnSubscriptions.state, [...states]))
    .orderBy(asc(earnSubscriptions.productId));
}
