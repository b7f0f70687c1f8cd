import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, like, lt, or, sql } from 'drizzle-orm';
import {
  type AssetUnderManagement,
  type AutotradeSubscription,
  AutotradeSubscriptionError as E,
  type CheckSubscription,
  type ExchangeBalance,
  type MinStake,
  type MinStakeQuery,
  type StakeStrategyBody,
  type StrategyFollowHistory,
  type StrategyHistory,
  type SubscribeBody,
  type UnsubscribeInfo,
} from '../../../shared/api/autotrade-subscriptions';
import { ErrorCode } from '../../../shared/api/envelope';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import type { StoredChainEvent } from '../../chain/decoders/types';
import type { Db } from '../../db/database';
import {
  autotradeBooks,
  autotradeFeeSettlements,
  autotradeMarginMovements,
  autotradeMarginStates,
  autotradeOperatorTxs,
  autotradeSubscriptions,
  autotradeUnmatchedDeposits,
  exchangeApiKeys,
  linkedWallets,
} from '../../db/schema';
import { AppError, validationError } from '../../errors';
import {
  assessSuitability,
  recordAcknowledgement,
  requireAcknowledgement,
  strategyRisk,
} from '../questionnaire/suitability';
import { ExchangeFailure } from '../../exchange/adapter';
import { credentialsOf, registerApiKeyUsage } from '../../exchange/api-keys';
import { fromUnits, toUnits } from '../../exchange/decimal';
import {
  accountBalance,
  InsufficientBalance,
  memberAccount,
  postLedgerTransaction,
  transfer,
} from '../wallet/ledger';
import { withIdempotency } from '../wallet/idempotency';
import { openSubscriptionBook, stopMirroring } from './book';
import { computeFee, endInTx, lockSubscription, minimumStake } from './fees';
import {
  type AutotradeDeps,
  equityForCall,
  isMarginLow,
  LIVE_STATES,
  loadStrategy,
  MARGIN_DECIMALS,
  MARGIN_WARNING_BPS,
  marginPrice,
  marginStateOf,
  marginTokenAddress,
  notifyOnce,
  PENDING_MARGIN_TIMEOUT_MS,
  processOperatorTxs,
  quoteOf,
  RUNNING_STATES,
  type StrategyRow,
  type SubscriptionRow,
  subscriptionEquity,
  vaultAddress,
  confirmOperatorTx,
  type OperatorTxReport,
} from './margin';

/**
 * Smart Autotrade subscriptions: Subscribe (custodial or on-chain margin), the indexer's
 * matching of MarginVault deposits, the margin watch (warning, top-up, cancellation, unfunded
 * pending subscriptions), Unsubscribe and the member's reads. Fees: ./fees.ts; margins, equity
 * and the operator's vault transactions: ./margin.ts. Decisions: src/server/README.md, "Smart
 * Autotrade: subscriptions, margin and fees".
 */

export const AUTOTRADE_MARGIN_TASK = 'autotrade-margin';

// A key stays in use (cannot be deleted) while a live subscription mirrors through it.
registerApiKeyUsage('autotrade', async (db, keyId) => {
  const [row] = await db
    .select({ id: autotradeSubscriptions.id })
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.apiKeyId, keyId),
        inArray(autotradeSubscriptions.state, [...LIVE_STATES]),
      ),
    )
    .limit(1);
  return Boolean(row);
});

const isRunning = (state: string) => (RUNNING_STATES as readonly string[]).includes(state);
const isLive = (state: string) => (LIVE_STATES as readonly string[]).includes(state);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function refuse(message: E, data: unknown = null, status: number = ErrorCode.badRequest): never {
  throw new AppError(status, message, data);
}

const marginText = (currency: keyof typeof MARGIN_DECIMALS, units: bigint) =>
  formatAtomic(units, MARGIN_DECIMALS[currency]);

function parseMargin(currency: keyof typeof MARGIN_DECIMALS, text: string, field: string) {
  const units = parseAmount(text, MARGIN_DECIMALS[currency]);
  if (units === null) refuse(E.tooManyDecimals, { field });
  return units;
}

function parseQuote(text: string, field: string): bigint {
  const [, fraction = ''] = text.split('.');
  if (fraction.length > 8) refuse(E.tooManyDecimals, { field });
  return toUnits(text);
}

async function ownSubscription(db: Db, memberId: number, id: number): Promise<SubscriptionRow> {
  const [row] = await db
    .select()
    .from(autotradeSubscriptions)
    .where(and(eq(autotradeSubscriptions.id, id), eq(autotradeSubscriptions.memberId, memberId)));
  if (!row) refuse(E.subscriptionNotFound, { field: 'id' }, ErrorCode.notFound);
  return row;
}

async function runningStrategy(db: Db, id: number): Promise<StrategyRow> {
  const strategy = await loadStrategy(db, id);
  if (!strategy) refuse(E.strategyNotFound, { field: 'strategyId' }, ErrorCode.notFound);
  if (strategy.status !== 'running') refuse(E.strategyClosed, { field: 'strategyId' });
  return strategy;
}

// ---- views -------------------------------------------------------------------------------------

export async function subscriptionView(
  deps: Pick<AutotradeDeps, 'db' | 'config'>,
  sub: SubscriptionRow,
  strategy?: StrategyRow,
): Promise<AutotradeSubscription> {
  const strat = strategy ?? (await loadStrategy(deps.db, sub.strategyId));
  const state = await marginStateOf(deps.db, sub.id);
  const [operatorTx] = await deps.db
    .select()
    .from(autotradeOperatorTxs)
    .where(eq(autotradeOperatorTxs.subscriptionId, sub.id))
    .orderBy(desc(autotradeOperatorTxs.id))
    .limit(1);
  const currency = sub.marginCurrency;
  const required = BigInt(state.requiredMargin);
  const margin = BigInt(sub.marginAmount);
  const chainId = deps.config.chainId;
  const vault = vaultAddress(chainId);
  const token = marginTokenAddress(chainId, currency);
  const deposit =
    isLive(sub.state) && sub.marginSource === 'chain' && vault && token
      ? {
          chainId,
          vault,
          token,
          amount: (required > margin ? required - margin : 0n).toString(),
          strategyId: String(sub.id),
          wallet: sub.marginWallet ?? '',
          expiresAt: new Date(sub.createdAt.getTime() + PENDING_MARGIN_TIMEOUT_MS).toISOString(),
        }
      : null;
  return {
    id: sub.id,
    strategyId: sub.strategyId,
    apiKeyId: sub.apiKeyId,
    exchange: sub.exchange,
    account: sub.account,
    state: sub.state,
    pauseReason: sub.pauseReason,
    quoteCurrency: strat ? quoteOf(strat) : 'USDT',
    allocation: fromUnits(BigInt(sub.allocation)),
    highWaterMark: fromUnits(BigInt(sub.highWaterMark)),
    marginCurrency: currency,
    marginSource: sub.marginSource,
    margin: marginText(currency, margin),
    requiredMargin: marginText(currency, required),
    marginWarning: isRunning(sub.state) && state.lowMarginSince !== null,
    lowMarginSince: state.lowMarginSince?.toISOString() ?? null,
    autoTopUp: sub.autoTopUp,
    marginWallet: sub.marginWallet,
    createdAt: sub.createdAt.toISOString(),
    activatedAt: sub.activatedAt?.toISOString() ?? null,
    endedAt: sub.endedAt?.toISOString() ?? null,
    deposit,
    operatorTx: operatorTx
      ? {
          kind: operatorTx.kind,
          state: operatorTx.state,
          txHash: operatorTx.txHash,
          amount: marginText(currency, BigInt(operatorTx.amount)),
          performanceFee: marginText(currency, BigInt(operatorTx.performanceFee)),
        }
      : null,
  };
}

// ---- MinStakeAmount, CheckSubscription ---------------------------------------------------------

export async function minStakeAmount(deps: AutotradeDeps, query: MinStakeQuery): Promise<MinStake> {
  const strategy = await runningStrategy(deps.db, query.strategyId);
  const allocation = parseQuote(query.allocation, 'allocation');
  const price = await marginPrice(deps, query.marginCurrency);
  const minStake = minimumStake(
    allocation,
    strategy.performanceFeeBps,
    query.marginCurrency,
    price,
  );
  const discountBps = query.marginCurrency === 'BCNT' ? 2_000 : 0;
  return {
    strategyId: strategy.id,
    marginCurrency: query.marginCurrency,
    allocation: fromUnits(allocation),
    minInvest: fromUnits(BigInt(strategy.minInvest)),
    quoteCurrency: quoteOf(strategy),
    performanceFeeBps: strategy.performanceFeeBps,
    discountBps,
    priceUsdt: formatAtomic(price, 18),
    minStake: marginText(query.marginCurrency, minStake),
    warningBelow: marginText(
      query.marginCurrency,
      (minStake * BigInt(MARGIN_WARNING_BPS)) / 10_000n,
    ),
  };
}

export async function checkSubscription(
  deps: AutotradeDeps,
  memberId: number,
  strategyId: number,
): Promise<CheckSubscription> {
  const live = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.memberId, memberId),
        inArray(autotradeSubscriptions.state, [...LIVE_STATES]),
      ),
    );
  const keys = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(eq(exchangeApiKeys.memberId, memberId))
    .orderBy(asc(exchangeApiKeys.id));
  const mine = live.find((sub) => sub.strategyId === strategyId);
  return {
    strategyId,
    subscription: mine ? await subscriptionView(deps, mine) : null,
    keys: keys.map((key) => {
      const user = live.find((sub) => sub.exchange === key.exchange && sub.account === key.account);
      return {
        apiKeyId: key.id,
        status: key.status,
        usedBySubscriptionId: user?.id ?? null,
        available: key.status === 'correct' && !user,
      };
    }),
  };
}

// ---- Subscribe ---------------------------------------------------------------------------------

/** POST /strategy/Subscribe (see the README section for the rules). */
export async function subscribe(
  deps: AutotradeDeps,
  memberId: number,
  idempotencyKey: string,
  body: SubscribeBody,
): Promise<AutotradeSubscription> {
  if (!body.consent) throw validationError([{ field: 'consent', message: E.consentRequired }]);
  const strategy = await runningStrategy(deps.db, body.strategyId);
  if (!strategy.marginCurrencies.includes(body.marginCurrency)) {
    refuse(E.marginCurrencyNotAccepted, { field: 'marginCurrency' });
  }
  // above the member's risk type, or without a valid questionnaire: acknowledged or refused
  const suitability = await assessSuitability(deps.db, deps.clock, memberId, {
    product: 'autotrade',
    productId: strategy.id,
    productRisk: strategyRisk(strategy.riskLevel),
  });
  requireAcknowledgement(suitability, body.riskAcknowledged);
  const [key] = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(and(eq(exchangeApiKeys.id, body.apiKeyId), eq(exchangeApiKeys.memberId, memberId)));
  if (!key) refuse(E.apiKeyNotFound, { field: 'apiKeyId' }, ErrorCode.notFound);
  if (key.status !== 'correct') refuse(E.apiKeyIncorrect, { field: 'apiKeyId' });
  if (key.exchange !== strategy.exchange) refuse(E.apiKeyNotFound, { field: 'apiKeyId' });

  const allocation = parseQuote(body.allocation, 'allocation');
  const minInvest = BigInt(strategy.minInvest);
  if (allocation < minInvest || allocation <= 0n) {
    refuse(E.belowMinimum, { field: 'allocation', minimum: fromUnits(minInvest) });
  }
  const margin = parseMargin(body.marginCurrency, body.margin, 'margin');
  const price = await marginPrice(deps, body.marginCurrency);
  const required = minimumStake(allocation, strategy.performanceFeeBps, body.marginCurrency, price);
  if (margin < required) {
    refuse(E.marginBelowMinimum, {
      field: 'margin',
      minimum: marginText(body.marginCurrency, required),
      currency: body.marginCurrency,
    });
  }

  let wallet: string | null = null;
  if (body.marginSource === 'chain') {
    if (!body.wallet) throw validationError([{ field: 'wallet', message: E.walletNotLinked }]);
    wallet = body.wallet.toLowerCase();
    const [linked] = await deps.db
      .select({ id: linkedWallets.id })
      .from(linkedWallets)
      .where(and(eq(linkedWallets.memberId, memberId), eq(linkedWallets.address, wallet)));
    if (!linked) refuse(E.walletNotLinked, { field: 'wallet' });
    if (
      !vaultAddress(deps.config.chainId) ||
      !marginTokenAddress(deps.config.chainId, body.marginCurrency)
    ) {
      refuse(E.marginCurrencyNotAccepted, { field: 'marginSource' });
    }
  }

  // The exchange balance through the key, before any transaction (a request to the exchange).
  const quote = quoteOf(strategy);
  try {
    const balances = await deps.exchange.balances(credentialsOf({ dataKey: deps.dataKey }, key));
    const free = balances.find((b) => b.currency === quote)?.free ?? 0n;
    if (free < allocation) refuse(E.exchangeInsufficientBalance, { field: 'allocation' });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ExchangeFailure && ['authentication', 'permission'].includes(error.kind)) {
      refuse(E.apiKeyIncorrect, { field: 'apiKeyId' });
    }
    if (error instanceof ExchangeFailure) {
      throw new AppError(ErrorCode.internal, E.exchangeUnavailable, null, 502);
    }
    // a secret that no longer opens is a key to reset
    refuse(E.apiKeyIncorrect, { field: 'apiKeyId' });
  }

  const answer = await withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'autotrade-subscribe', key: idempotencyKey, request: body },
    async (tx) => {
      const [taken] = await tx
        .select({ id: autotradeSubscriptions.id })
        .from(autotradeSubscriptions)
        .where(
          and(
            eq(autotradeSubscriptions.memberId, memberId),
            eq(autotradeSubscriptions.exchange, key.exchange),
            eq(autotradeSubscriptions.account, key.account),
            inArray(autotradeSubscriptions.state, [...LIVE_STATES]),
          ),
        );
      if (taken) refuse(E.oneProductPerAccount, { field: 'apiKeyId' }, ErrorCode.conflict);
      const now = deps.clock.now();
      const custodial = body.marginSource === 'custodial';
      let sub: SubscriptionRow | undefined;
      try {
        [sub] = await tx
          .insert(autotradeSubscriptions)
          .values({
            memberId,
            strategyId: strategy.id,
            apiKeyId: key.id,
            exchange: key.exchange,
            account: key.account,
            state: custodial ? 'active' : 'pending_margin',
            allocation: allocation.toString(),
            highWaterMark: allocation.toString(),
            marginCurrency: body.marginCurrency,
            marginSource: body.marginSource,
            marginAmount: custodial ? margin.toString() : '0',
            marginWallet: wallet,
            autoTopUp: body.autoTopUp ?? false,
            createdAt: now,
            activatedAt: custodial ? now : null,
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) {
          refuse(E.oneProductPerAccount, { field: 'apiKeyId' }, ErrorCode.conflict);
        }
        throw error;
      }
      if (!sub) throw new Error('subscription not written');
      await recordAcknowledgement(tx, suitability, sub.id, now);
      await tx.insert(autotradeMarginStates).values({
        subscriptionId: sub.id,
        // on chain the member deposits the amount chosen; it must reach the required stake
        requiredMargin: (custodial ? required : margin).toString(),
        startEquity: custodial ? allocation.toString() : null,
        updatedAt: now,
      });
      if (custodial) {
        const moved = await marginIn(tx, deps, {
          subscription: sub,
          kind: 'deposit',
          amount: margin,
          key: `autotrade-margin:${sub.id}:deposit`,
          now,
        });
        if (!moved) refuse(E.insufficientBalance, { field: 'margin' });
      }
      return subscriptionView({ db: tx, config: deps.config }, sub, strategy);
    },
  );
  // mirroring starts (the executor's book, once); a crash before this line is repaired by the
  // margin watch, which opens the book of any running subscription without one
  if (answer.state === 'active') await openSubscriptionBook(deps, answer.id);
  return answer;
}

// ---- MarginVault deposits (the indexer) ----------------------------------------------------------

/**
 * The indexer's `apply` for Deposited (inside its transaction; no I/O): the event's third
 * argument is the subscription id. It counts when the subscription is a live on-chain one of
 * the member whose linked wallet deposited (the wallet chosen at Subscribe) in its margin token:
 * the margin grows, and a pending subscription whose margin reaches the stake becomes active
 * (the indexer only hands over confirmed blocks). Anything else is kept as unmatched for an
 * operator. Released / Settled confirm the operator's transaction with that hash.
 */
export async function applyVaultEvents(tx: Db, chainId: number, events: StoredChainEvent[]) {
  for (const event of events) {
    if (event.event === 'Released' || event.event === 'Settled') {
      await confirmOperatorTx(tx, event.txHash, event.blockTime);
      continue;
    }
    if (event.event !== 'Deposited') continue;
    const member = (event.account ?? '').toLowerCase();
    const token = (event.args.token ?? '').toLowerCase();
    const amount = BigInt(event.amount ?? '0');
    const idText = event.args.strategyId ?? '0';
    const id = /^\d{1,9}$/.test(idText) ? Number(idText) : 0;
    const sub = id > 0 ? await lockSubscription(tx, id) : undefined;
    let reason: string | null = null;
    if (!sub) reason = 'unknown_subscription';
    else if (sub.marginSource !== 'chain' || !isLive(sub.state)) reason = 'not_open';
    else if (sub.marginWallet !== member) reason = 'wallet_mismatch';
    else if (marginTokenAddress(chainId, sub.marginCurrency) !== token) reason = 'wrong_token';
    else {
      const [linked] = await tx
        .select({ id: linkedWallets.id })
        .from(linkedWallets)
        .where(and(eq(linkedWallets.memberId, sub.memberId), eq(linkedWallets.address, member)));
      if (!linked) reason = 'wallet_not_linked';
    }
    if (reason || !sub) {
      await tx
        .insert(autotradeUnmatchedDeposits)
        .values({
          chainId,
          txHash: event.txHash,
          logIndex: event.logIndex,
          blockNumber: event.blockNumber,
          member,
          token,
          strategyId: idText,
          amount: amount.toString(),
          reason: reason ?? 'unknown_subscription',
          createdAt: event.blockTime,
        })
        .onConflictDoNothing();
      continue;
    }
    const movementKey = `chain:${chainId}:${event.txHash}:${event.logIndex}`;
    const [inserted] = await tx
      .insert(autotradeMarginMovements)
      .values({
        subscriptionId: sub.id,
        memberId: sub.memberId,
        kind: sub.state === 'pending_margin' ? 'deposit' : 'add',
        currency: sub.marginCurrency,
        amount: amount.toString(),
        movementKey,
        blockNumber: event.blockNumber,
        txHash: event.txHash,
        createdAt: event.blockTime,
      })
      .onConflictDoNothing()
      .returning({ id: autotradeMarginMovements.id });
    if (!inserted) continue;
    const marginAfter = BigInt(sub.marginAmount) + amount;
    const state = await marginStateOf(tx, sub.id);
    const activate = sub.state === 'pending_margin' && marginAfter >= BigInt(state.requiredMargin);
    await tx
      .update(autotradeSubscriptions)
      .set({
        marginAmount: marginAfter.toString(),
        ...(activate ? { state: 'active' as const, activatedAt: event.blockTime } : {}),
      })
      .where(eq(autotradeSubscriptions.id, sub.id));
    await tx
      .update(autotradeMarginStates)
      .set({
        ...(activate ? { startEquity: sub.allocation } : {}),
        ...(state.lowMarginSince && !isMarginLow(marginAfter, BigInt(state.requiredMargin))
          ? { lowMarginSince: null }
          : {}),
        updatedAt: event.blockTime,
      })
      .where(eq(autotradeMarginStates.subscriptionId, sub.id));
  }
}

/** The indexer's `rollback`: undo the deposits of blocks above `toBlock` (a reorg). */
export async function rollbackVaultEvents(tx: Db, chainId: number, toBlock: number) {
  await tx
    .delete(autotradeUnmatchedDeposits)
    .where(
      and(
        eq(autotradeUnmatchedDeposits.chainId, chainId),
        gt(autotradeUnmatchedDeposits.blockNumber, toBlock),
      ),
    );
  const orphaned = await tx
    .select()
    .from(autotradeMarginMovements)
    .where(
      and(
        like(autotradeMarginMovements.movementKey, `chain:${chainId}:%`),
        gt(autotradeMarginMovements.blockNumber, toBlock),
      ),
    );
  for (const movement of orphaned) {
    const sub = await lockSubscription(tx, movement.subscriptionId);
    if (!sub) continue;
    const margin = BigInt(sub.marginAmount) - BigInt(movement.amount);
    const state = await marginStateOf(tx, sub.id);
    // activated by this deposit and nothing settled since: pending again
    const deactivate =
      sub.state === 'active' &&
      movement.kind === 'deposit' &&
      margin < BigInt(state.requiredMargin);
    await tx
      .update(autotradeSubscriptions)
      .set({
        marginAmount: (margin > 0n ? margin : 0n).toString(),
        ...(deactivate ? { state: 'pending_margin' as const, activatedAt: null } : {}),
      })
      .where(eq(autotradeSubscriptions.id, sub.id));
    await tx.delete(autotradeMarginMovements).where(eq(autotradeMarginMovements.id, movement.id));
  }
}

// ---- UnsubscribeInfo, Unsubscribe --------------------------------------------------------------

export async function unsubscribeInfo(
  deps: AutotradeDeps,
  memberId: number,
  id: number,
): Promise<UnsubscribeInfo> {
  const sub = await ownSubscription(deps.db, memberId, id);
  const strategy = await loadStrategy(deps.db, sub.strategyId);
  if (!strategy) refuse(E.strategyNotFound, null, ErrorCode.notFound);
  const equity = await equityForCall(deps, sub);
  const price = await marginPrice(deps, sub.marginCurrency);
  const fee = computeFee({
    equity,
    highWaterMark: BigInt(sub.highWaterMark),
    performanceFeeBps: strategy.performanceFeeBps,
    marginCurrency: sub.marginCurrency,
    priceUsdt: price,
  });
  const margin = BigInt(sub.marginAmount);
  const due = isRunning(sub.state) ? (fee.feeDue < margin ? fee.feeDue : margin) : 0n;
  return {
    id: sub.id,
    state: sub.state,
    quoteCurrency: quoteOf(strategy),
    equity: fromUnits(equity),
    highWaterMark: fromUnits(BigInt(sub.highWaterMark)),
    profit: fromUnits(isRunning(sub.state) ? fee.profit : 0n),
    performanceFeeBps: strategy.performanceFeeBps,
    discountBps: fee.discountBps,
    marginCurrency: sub.marginCurrency,
    margin: marginText(sub.marginCurrency, margin),
    feeDue: marginText(sub.marginCurrency, due),
    marginReturned: marginText(sub.marginCurrency, margin - due),
    marginSource: sub.marginSource,
  };
}

/**
 * POST /strategy/Unsubscribe: the final fee and the margin back (custodial at once; on chain the
 * operator's settle / release, sent by the job), state ended. A pending on-chain subscription
 * ends without a fee (nothing was mirrored), returning what was deposited.
 */
export async function unsubscribe(
  deps: AutotradeDeps,
  memberId: number,
  idempotencyKey: string,
  id: number,
): Promise<AutotradeSubscription> {
  const sub = await ownSubscription(deps.db, memberId, id);
  const strategy = await loadStrategy(deps.db, sub.strategyId);
  if (!strategy) refuse(E.strategyNotFound, null, ErrorCode.notFound);
  if (!isLive(sub.state)) {
    // a retry of a finished Unsubscribe answers the stored result below; anything else refuses
    const stored = await withIdempotency(
      deps.db,
      deps.clock,
      { memberId, scope: 'autotrade-unsubscribe', key: idempotencyKey, request: { id } },
      async () => refuse(E.wrongState, { state: sub.state }, ErrorCode.conflict),
    );
    return stored as AutotradeSubscription;
  }
  const equity = isRunning(sub.state) ? await equityForCall(deps, sub) : BigInt(sub.highWaterMark);
  const price = await marginPrice(deps, sub.marginCurrency);
  const answer = await withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'autotrade-unsubscribe', key: idempotencyKey, request: { id } },
    async (tx) => {
      const locked = await lockSubscription(tx, id);
      if (!locked || !isLive(locked.state)) {
        refuse(E.wrongState, { state: locked?.state ?? null }, ErrorCode.conflict);
      }
      await endInTx(tx, deps, locked, strategy, { state: 'ended', equity, priceUsdt: price });
      const ended = await lockSubscription(tx, id);
      return subscriptionView({ db: tx, config: deps.config }, ended ?? locked, strategy);
    },
  );
  // mirroring stops and the position is sold back to cash (the executor's book)
  await stopMirroring(deps, id);
  return answer;
}

// ---- StakeStrategy -----------------------------------------------------------------------------

/** POST /user/StakeStrategy: add custodial margin and/or switch the automatic top-up. */
export async function stakeStrategy(
  deps: AutotradeDeps,
  memberId: number,
  idempotencyKey: string,
  body: StakeStrategyBody,
): Promise<AutotradeSubscription> {
  const sub = await ownSubscription(deps.db, memberId, body.id);
  if (!isRunning(sub.state)) refuse(E.wrongState, { state: sub.state }, ErrorCode.conflict);
  const amount =
    body.amount === undefined ? 0n : parseMargin(sub.marginCurrency, body.amount, 'amount');
  if (amount > 0n && sub.marginSource !== 'custodial') {
    refuse(E.marginSourceMismatch, { field: 'amount' });
  }
  return withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'autotrade-stake', key: idempotencyKey, request: body },
    async (tx) => {
      const locked = await lockSubscription(tx, sub.id);
      if (!locked || !isRunning(locked.state)) {
        refuse(E.wrongState, { state: locked?.state ?? null }, ErrorCode.conflict);
      }
      const now = deps.clock.now();
      let margin = BigInt(locked.marginAmount);
      if (amount > 0n) {
        const moved = await marginIn(tx, deps, {
          subscription: sub,
          kind: 'add',
          amount,
          key: `autotrade-add:${sub.id}:${idempotencyKey}`,
          now,
        });
        if (!moved) refuse(E.insufficientBalance, { field: 'amount' });
        margin += amount;
      }
      await tx
        .update(autotradeSubscriptions)
        .set({
          marginAmount: margin.toString(),
          ...(body.autoTopUp === undefined ? {} : { autoTopUp: body.autoTopUp }),
        })
        .where(eq(autotradeSubscriptions.id, sub.id));
      const state = await marginStateOf(tx, sub.id);
      if (state.lowMarginSince && !isMarginLow(margin, BigInt(state.requiredMargin))) {
        await tx
          .update(autotradeMarginStates)
          .set({ lowMarginSince: null, updatedAt: now })
          .where(eq(autotradeMarginStates.subscriptionId, sub.id));
      }
      const after = await lockSubscription(tx, sub.id);
      return subscriptionView({ db: tx, config: deps.config }, after ?? locked);
    },
  );
}

// ---- the member's reads ------------------------------------------------------------------------

export async function strategyHistory(
  deps: AutotradeDeps,
  memberId: number,
): Promise<StrategyHistory> {
  const rows = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.memberId, memberId),
        inArray(autotradeSubscriptions.state, ['ended', 'cancelled']),
      ),
    )
    .orderBy(desc(autotradeSubscriptions.endedAt), desc(autotradeSubscriptions.id));
  const list = [];
  for (const sub of rows) {
    const [sums] = await deps.db
      .select({
        fees: sql<string>`coalesce(sum(case when ${autotradeMarginMovements.kind} = 'fee' then -${autotradeMarginMovements.amount} else 0 end), 0)::text`,
        released: sql<string>`coalesce(sum(case when ${autotradeMarginMovements.kind} = 'release' then -${autotradeMarginMovements.amount} else 0 end), 0)::text`,
      })
      .from(autotradeMarginMovements)
      .where(eq(autotradeMarginMovements.subscriptionId, sub.id));
    list.push({
      subscription: await subscriptionView(deps, sub),
      feesPaid: marginText(sub.marginCurrency, BigInt(sums?.fees ?? '0')),
      marginReturned: marginText(sub.marginCurrency, BigInt(sums?.released ?? '0')),
    });
  }
  return { list };
}

export async function strategyFollowHistory(
  deps: AutotradeDeps,
  memberId: number,
  id: number,
): Promise<StrategyFollowHistory> {
  const sub = await ownSubscription(deps.db, memberId, id);
  const movements = await deps.db
    .select()
    .from(autotradeMarginMovements)
    .where(eq(autotradeMarginMovements.subscriptionId, sub.id))
    .orderBy(asc(autotradeMarginMovements.createdAt), asc(autotradeMarginMovements.id));
  const fees = await deps.db
    .select()
    .from(autotradeFeeSettlements)
    .where(eq(autotradeFeeSettlements.subscriptionId, sub.id))
    .orderBy(asc(autotradeFeeSettlements.createdAt), asc(autotradeFeeSettlements.id));
  const currency = sub.marginCurrency;
  return {
    id: sub.id,
    marginCurrency: currency,
    movements: movements.map((m) => ({
      kind: m.kind,
      amount:
        (BigInt(m.amount) < 0n ? '-' : '') +
        marginText(currency, BigInt(m.amount) < 0n ? -BigInt(m.amount) : BigInt(m.amount)),
      txHash: m.txHash,
      time: m.createdAt.toISOString(),
    })),
    fees: fees.map((f) => ({
      kind: f.kind,
      period: f.period,
      equity: fromUnits(BigInt(f.equity)),
      highWaterMarkBefore: fromUnits(BigInt(f.highWaterMarkBefore)),
      highWaterMarkAfter: fromUnits(BigInt(f.highWaterMarkAfter)),
      feeDue: marginText(currency, BigInt(f.feeDue)),
      feeTaken: marginText(currency, BigInt(f.feeTaken)),
      time: f.createdAt.toISOString(),
    })),
  };
}

/**
 * AssetUnderManagement: the live running subscriptions' allocations and equity per quote
 * currency (an exchange that does not answer counts the last settled equity, the HWM) and the
 * margins held per margin currency.
 */
export async function assetUnderManagement(
  deps: AutotradeDeps,
  memberId: number,
): Promise<AssetUnderManagement> {
  const rows = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.memberId, memberId),
        inArray(autotradeSubscriptions.state, [...RUNNING_STATES]),
      ),
    )
    .orderBy(asc(autotradeSubscriptions.id));
  const byQuote = new Map<string, { allocation: bigint; equity: bigint }>();
  const margins = new Map<keyof typeof MARGIN_DECIMALS, bigint>();
  for (const sub of rows) {
    const strategy = await loadStrategy(deps.db, sub.strategyId);
    const quote = strategy ? quoteOf(strategy) : 'USDT';
    let equity: bigint;
    try {
      equity = await subscriptionEquity(deps, sub);
    } catch (error) {
      if (!(error instanceof ExchangeFailure)) throw error;
      equity = BigInt(sub.highWaterMark);
    }
    const entry = byQuote.get(quote) ?? { allocation: 0n, equity: 0n };
    entry.allocation += BigInt(sub.allocation);
    entry.equity += equity;
    byQuote.set(quote, entry);
    margins.set(
      sub.marginCurrency,
      (margins.get(sub.marginCurrency) ?? 0n) + BigInt(sub.marginAmount),
    );
  }
  return {
    byQuote: [...byQuote].map(([currency, v]) => ({
      currency,
      allocation: fromUnits(v.allocation),
      equity: fromUnits(v.equity),
    })),
    margins: [...margins].map(([currency, amount]) => ({
      currency,
      amount: marginText(currency, amount),
    })),
    subscriptions: rows.length,
  };
}

/** ExchangeBalance: the balances of the key's exchange account, read through the key. */
export async function exchangeBalance(
  deps: AutotradeDeps,
  memberId: number,
  apiKeyId: number,
): Promise<ExchangeBalance> {
  const [key] = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(and(eq(exchangeApiKeys.id, apiKeyId), eq(exchangeApiKeys.memberId, memberId)));
  if (!key) refuse(E.apiKeyNotFound, { field: 'apiKeyId' }, ErrorCode.notFound);
  try {
    const balances = await deps.exchange.balances(credentialsOf({ dataKey: deps.dataKey }, key));
    return {
      apiKeyId,
      balances: balances.map((b) => ({
        currency: b.currency,
        total: fromUnits(b.total),
        free: fromUnits(b.free),
      })),
    };
  } catch (error) {
    if (error instanceof ExchangeFailure && ['authentication', 'permission'].includes(error.kind)) {
      refuse(E.apiKeyIncorrect, { field: 'apiKeyId' });
    }
    if (error instanceof ExchangeFailure) {
      throw new AppError(ErrorCode.internal, E.exchangeUnavailable, null, 502);
    }
    refuse(E.apiKeyIncorrect, { field: 'apiKeyId' });
  }
}

// ---- the margin watch (job autotrade-margin) ---------------------------------------------------

export interface MarginWatchReport {
  checked: number;
  warned: number;
  toppedUp: number;
  cancelled: number;
  expired: number;
  waiting: number;
  operatorTxs: OperatorTxReport;
}

/**
 * The `autotrade-margin` job, each run:
 * 1. pending on-chain subscriptions not funded within PENDING_MARGIN_TIMEOUT_MS are cancelled
 *    (a part already deposited goes back through the operator's release);
 * 2. for every running subscription (equity read through the key; an exchange that does not
 *    answer is looked at again next run): a margin below the required stake with the automatic
 *    top-up on (custodial margins) is topped up from the wallet's available balance (as much as
 *    there is, one ledger transaction, an e-mail); a margin below the fee due now cancels the
 *    subscription (the fee taken, the rest returned, an e-mail); a margin below 30 % of the
 *    required stake raises the warning (the banner; one e-mail per episode), and a margin back
 *    above it ends the episode;
 * 3. the operator's vault transactions are sent and confirmed.
 */
export async function runMarginWatch(deps: AutotradeDeps, now: Date): Promise<MarginWatchReport> {
  const report: MarginWatchReport = {
    checked: 0,
    warned: 0,
    toppedUp: 0,
    cancelled: 0,
    expired: 0,
    waiting: 0,
    operatorTxs: { signed: 0, broadcast: 0, confirmed: 0, failed: 0, waiting: 0 },
  };
  await syncBooks(deps);
  const expired = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.state, 'pending_margin'),
        lt(autotradeSubscriptions.createdAt, new Date(now.getTime() - PENDING_MARGIN_TIMEOUT_MS)),
      ),
    );
  for (const candidate of expired) {
    const strategy = await loadStrategy(deps.db, candidate.strategyId);
    if (!strategy) continue;
    const price = await marginPrice(deps, candidate.marginCurrency);
    const done = await deps.db.transaction(async (handle) => {
      const tx = handle as unknown as Db;
      const sub = await lockSubscription(tx, candidate.id);
      if (!sub || sub.state !== 'pending_margin') return false;
      await endInTx(tx, deps, sub, strategy, {
        state: 'cancelled',
        equity: BigInt(sub.highWaterMark),
        priceUsdt: price,
      });
      return true;
    });
    if (done) report.expired += 1;
  }

  const running = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(inArray(autotradeSubscriptions.state, [...RUNNING_STATES]))
    .orderBy(asc(autotradeSubscriptions.id));
  for (const candidate of running) {
    const strategy = await loadStrategy(deps.db, candidate.strategyId);
    if (!strategy) continue;
    let equity: bigint;
    let price: bigint;
    try {
      equity = await subscriptionEquity(deps, candidate);
      price = await marginPrice(deps, candidate.marginCurrency);
    } catch (error) {
      if (!(error instanceof ExchangeFailure)) throw error;
      report.waiting += 1;
      continue;
    }
    report.checked += 1;
    const available =
      candidate.marginSource === 'custodial' && candidate.autoTopUp
        ? await accountBalance(deps.db, memberAccount(candidate.memberId), candidate.marginCurrency)
        : 0n;
    const outcome = await deps.db.transaction(async (handle) => {
      const tx = handle as unknown as Db;
      const sub = await lockSubscription(tx, candidate.id);
      if (!sub || !isRunning(sub.state)) return undefined;
      const state = await marginStateOf(tx, sub.id);
      const required = BigInt(state.requiredMargin);
      let margin = BigInt(sub.marginAmount);
      let toppedUp = 0n;
      if (
        margin < required &&
        sub.marginSource === 'custodial' &&
        sub.autoTopUp &&
        available > 0n
      ) {
        toppedUp = await topUpInTx(
          tx,
          deps,
          sub,
          now,
          required - margin < available ? required - margin : available,
        );
        margin += toppedUp;
        sub.marginAmount = margin.toString();
      }
      const fee = computeFee({
        equity,
        highWaterMark: BigInt(sub.highWaterMark),
        performanceFeeBps: strategy.performanceFeeBps,
        marginCurrency: sub.marginCurrency,
        priceUsdt: price,
      });
      if (margin < fee.feeDue) {
        const end = await endInTx(tx, deps, sub, strategy, {
          state: 'cancelled',
          equity,
          priceUsdt: price,
        });
        return { sub, kind: 'cancelled' as const, margin, end, toppedUp, required };
      }
      const low = isMarginLow(margin, required);
      if (low && !state.lowMarginSince) {
        await tx
          .update(autotradeMarginStates)
          .set({ lowMarginSince: now, updatedAt: now })
          .where(eq(autotradeMarginStates.subscriptionId, sub.id));
        return { sub, kind: 'warn' as const, margin, since: now, toppedUp, required };
      }
      if (!low && state.lowMarginSince) {
        await tx
          .update(autotradeMarginStates)
          .set({ lowMarginSince: null, updatedAt: now })
          .where(eq(autotradeMarginStates.subscriptionId, sub.id));
      }
      return { sub, kind: 'ok' as const, margin, toppedUp, required };
    });
    if (!outcome) continue;
    const currency = outcome.sub.marginCurrency;
    const id = String(outcome.sub.id);
    if (outcome.toppedUp > 0n) {
      report.toppedUp += 1;
      await notifyOnce(deps, outcome.sub, 'topped_up', `${now.getTime()}`, {
        id,
        currency,
        amount: marginText(currency, outcome.toppedUp),
        margin: marginText(currency, outcome.margin),
      });
    }
    if (outcome.kind === 'cancelled') {
      report.cancelled += 1;
      await notifyOnce(deps, outcome.sub, 'cancelled', 'end', {
        id,
        currency,
        margin: marginText(currency, outcome.margin),
        fee: marginText(currency, outcome.end.fee.feeDue),
        taken: marginText(currency, outcome.end.feeTaken),
        returned: marginText(currency, outcome.end.returned),
      });
    } else if (outcome.kind === 'warn') {
      report.warned += 1;
      await notifyOnce(deps, outcome.sub, 'low_margin', outcome.since.toISOString(), {
        id,
        currency,
        margin: marginText(currency, outcome.margin),
        required: marginText(currency, outcome.required),
      });
    }
  }
  await syncBooks(deps);
  report.operatorTxs = await processOperatorTxs(deps);
  return report;
}

/**
 * Margin from the custodial wallet (inside the caller's transaction): `amount` of the
 * subscription's margin currency from the member's available balance into their `margin`
 * account, one ledger transaction under `key`, and its movement row. Answers false, writing
 * nothing, when the available balance is short.
 */
async function marginIn(
  tx: Db,
  deps: AutotradeDeps,
  move: {
    subscription: Pick<SubscriptionRow, 'id' | 'memberId' | 'marginCurrency'>;
    kind: 'deposit' | 'add' | 'top_up';
    amount: bigint;
    key: string;
    now: Date;
  },
): Promise<boolean> {
  const { subscription: sub, amount, key } = move;
  let posted;
  try {
    posted = await postLedgerTransaction(tx, deps.clock, {
      idempotencyKey: key,
      type: 'autotrade_margin',
      memberId: sub.memberId,
      reference: `autotrade:${sub.id}`,
      postings: transfer(
        memberAccount(sub.memberId),
        memberAccount(sub.memberId, 'margin'),
        sub.marginCurrency,
        amount,
      ),
    });
  } catch (error) {
    if (error instanceof InsufficientBalance) return false;
    throw error;
  }
  await tx.insert(autotradeMarginMovements).values({
    subscriptionId: sub.id,
    memberId: sub.memberId,
    kind: move.kind,
    currency: sub.marginCurrency,
    amount: amount.toString(),
    movementKey: key,
    ledgerTransactionId: posted.transactionId,
    createdAt: move.now,
  });
  return true;
}

/**
 * The automatic top-up (inside the watch's transaction on the locked row): `amount` from the
 * member's available balance into the margin, one ledger transaction and its movement. Answers
 * what moved: 0 when the wallet was spent since it was read (nothing is written then).
 */
async function topUpInTx(
  tx: Db,
  deps: AutotradeDeps,
  sub: SubscriptionRow,
  now: Date,
  amount: bigint,
): Promise<bigint> {
  const moved = await marginIn(tx, deps, {
    subscription: sub,
    kind: 'top_up',
    amount,
    key: `autotrade-topup:${sub.id}:${now.getTime()}`,
    now,
  });
  if (!moved) return 0n;
  await tx
    .update(autotradeSubscriptions)
    .set({ marginAmount: (BigInt(sub.marginAmount) + amount).toString() })
    .where(eq(autotradeSubscriptions.id, sub.id));
  return amount;
}

/**
 * The executor's books follow the subscriptions' states (restart-safe hooks): a running
 * subscription without a book gets one (an on-chain margin activated by the indexer, or a crash
 * right after Subscribe), and an ended or cancelled one whose book is still open stops mirroring.
 */
async function syncBooks(deps: AutotradeDeps) {
  const rows = await deps.db
    .select({
      id: autotradeSubscriptions.id,
      state: autotradeSubscriptions.state,
      bookId: autotradeBooks.subscriptionId,
      closedAt: autotradeBooks.closedAt,
    })
    .from(autotradeSubscriptions)
    .leftJoin(autotradeBooks, eq(autotradeBooks.subscriptionId, autotradeSubscriptions.id))
    .where(
      or(
        and(
          inArray(autotradeSubscriptions.state, [...RUNNING_STATES]),
          isNull(autotradeBooks.subscriptionId),
        ),
        and(
          inArray(autotradeSubscriptions.state, ['ended', 'cancelled']),
          isNotNull(autotradeBooks.subscriptionId),
          isNull(autotradeBooks.closedAt),
        ),
      ),
    );
  for (const row of rows) {
    if (isRunning(row.state)) await openSubscriptionBook(deps, row.id);
    else await stopMirroring(deps, row.id);
  }
}
