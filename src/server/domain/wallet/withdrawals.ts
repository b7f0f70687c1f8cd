import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/api/envelope';
import type { WalletCurrency } from '../../../shared/api/wallet';
import {
  type WithdrawBody,
  type Withdrawal,
  WithdrawError,
  type WithdrawalHistory,
  type WithdrawalHistoryQuery,
  type WithdrawInfo,
} from '../../../shared/api/wallet-withdraw';
import { networksFor, type WithdrawalNetworkId } from '../../../shared/constants/networks';
import {
  WITHDRAWAL_DAILY_LIMIT_USDT,
  WITHDRAWAL_LIMIT_WINDOW_MS,
  WITHDRAWAL_PROCESSING_HOUR,
  withdrawalRule,
} from '../../../shared/constants/withdrawal-rules';
import { checkAmount, formatAtomic, mulDivFloor, parseAmount } from '../../../shared/money/decimal';
import { isKycVerified, memberLevel, type MemberLevel } from '../../../shared/membership/levels';
import { nextBusinessDayAt } from '../../../shared/time/business-days';
import { AddressMessage } from '../../../shared/validation/address';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';
import { withdrawals } from '../../db/schema/withdrawal';
import { AppError, validationError } from '../../errors';
import type { WalletDeps } from '../../plugins/wallet';
import type { AuthDeps } from '../auth/context';
import { issueCode } from '../auth/codes';
import { maskMobile } from '../auth/crypto';
import { loadMember, type MemberRow } from '../auth/members';
import { verifyCurrentFactor } from '../auth/two-factor';
import { readApplication } from '../kyc/context';
import { derivedRoleId } from '../loyalty/member-level';
import { checkDestination, requireTwoFactorOn, savedAddressOf } from './address-book';
import { currencyDecimals, toDecimal } from './balances';
import { bcntRewardCredits, withdrawableBcnt } from './bcnt-rewards';
import { withIdempotency } from './idempotency';
import {
  accountBalance,
  InsufficientBalance,
  memberAccount,
  postLedgerTransaction,
  transfer,
} from './ledger';
import { usdtValue } from './price-feed';

/**
 * Withdrawal requests (spec sections 5, 9; `WithdrawInfo`, `Withdraw`). Every rule has its own
 * message key (shared/api/wallet-withdraw.ts WithdrawError), checked in this order:
 *
 *   identity verified (route guard requireKycVerified) -> two-step on -> not locked (24 hours
 *   after a two-step or password change) -> network allowed for the currency -> address (typed:
 *   the spec's two messages; saved: the member's, same currency and network) -> amount format
 *   and decimals -> minimum ("Minimum Withdrawal") -> BCNT: identity verified and no KYC
 *   re-review under review -> [in the transaction, member row locked] amount + fee <= available
 *   ("Not enough available balance") -> within the rolling 24-hour limit ("Withdrawal limit
 *   exceed", data.remaining) -> BCNT rewards of subscriptions held 30 days or less stay
 *   (bcnt_reward_locked, data.withdrawable) -> the second factor (SMS or authenticator, spent
 *   once).
 *
 * The request runs inside `withIdempotency` (scope `withdraw`): the withdrawal row, the ledger
 * movement available -> pending_withdrawal (amount as `withdrawal`, fee as `withdrawal_fee`,
 * keyed by the withdrawal id) and the spent code commit together with the stored answer, or
 * nothing does. The code is not part of the request hash: a retry of one action with the same
 * key is recognised whatever code it carries. A wrong code is counted against the SMS code
 * outside the rolled-back transaction.
 *
 * Processing (withdrawal-processing.ts) picks queued rows from `dueAt` = 10:00 UTC+8 of the
 * next working day, so they are done before 13:00 UTC+8.
 */

export interface WithdrawDeps {
  wallet: WalletDeps;
  auth: AuthDeps;
}

type WithdrawalRow = typeof withdrawals.$inferSelect;

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    currency: row.currency,
    network: row.network as WithdrawalNetworkId,
    address: row.address,
    amount: toDecimal(row.currency, BigInt(row.amount)),
    fee: toDecimal(row.currency, BigInt(row.fee)),
    status: row.status,
    txHash: row.txHash,
    dueAt: row.dueAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

const USDT_DECIMALS = 6;

function ruleUnits(currency: WalletCurrency, network: string) {
  const rule = withdrawalRule(currency, network);
  if (!rule) return undefined;
  const decimals = currencyDecimals(currency);
  return {
    minimum: parseAmount(rule.minimum, decimals) as bigint,
    fee: parseAmount(rule.fee, decimals) as bigint,
  };
}

async function levelOf(deps: WalletDeps, member: MemberRow): Promise<MemberLevel> {
  const roleId = await derivedRoleId(
    { db: deps.db, clock: deps.clock, chainId: deps.config.chainId },
    member,
  );
  return memberLevel(roleId);
}

function dailyLimitUnits(level: MemberLevel): bigint {
  return parseAmount(WITHDRAWAL_DAILY_LIMIT_USDT[level], USDT_DECIMALS) as bigint;
}

/** USDT value (6 decimals) of the member's withdrawals of the last 24 hours that were not refunded. */
async function usedUsdt(db: Db, memberId: number, now: Date): Promise<bigint> {
  const since = new Date(now.getTime() - WITHDRAWAL_LIMIT_WINDOW_MS);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.usdtValue}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.memberId, memberId),
        ne(withdrawals.status, 'failed'),
        gt(withdrawals.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** The remaining USDT limit expressed in the currency at `priceUsdt` (rounded down). */
function remainingInCurrency(remainingUsdt: bigint, decimals: number, priceUsdt: string): bigint {
  const price = parseAmount(priceUsdt, 18);
  if (!price || price <= 0n) return 0n;
  // USDT [10^-6] / price [10^-18] -> currency [10^-decimals]
  return mulDivFloor(remainingUsdt, 10n ** BigInt(decimals + 18 - USDT_DECIMALS), price);
}

function isBcntUnderReview(state: string | undefined): boolean {
  return state === 'under_review';
}

/** GET /user/WithdrawInfo?currency= */
export async function withdrawInfo(
  deps: WalletDeps,
  memberId: number,
  currency: WalletCurrency,
): Promise<WithdrawInfo> {
  const member = await loadMember(deps.db, memberId);
  const now = deps.clock.now();
  const decimals = currencyDecimals(currency);
  const [available, level, used, quote] = await Promise.all([
    accountBalance(deps.db, memberAccount(memberId), currency),
    levelOf(deps, member),
    usedUsdt(deps.db, memberId, now),
    deps.prices.quote(currency),
  ]);
  const limit = dailyLimitUnits(level);
  const remainingUsdt = limit > used ? limit - used : 0n;
  let bcnt: WithdrawInfo['bcnt'] = null;
  if (currency === 'BCNT') {
    const application = await readApplication(deps.db, memberId);
    bcnt = {
      identityVerified: isKycVerified(member.roleId),
      kycUnderReview: isBcntUnderReview(application?.state),
      withdrawable: toDecimal(
        'BCNT',
        withdrawableBcnt(available, await bcntRewardCredits(deps.db, memberId), now),
      ),
    };
  }
  const locked = member.withdrawalLockedUntil && member.withdrawalLockedUntil > now;
  return {
    currency,
    available: toDecimal(currency, available),
    networks: networksFor(currency).map((network) => {
      const rule = withdrawalRule(currency, network.id)!;
      return {
        network: network.id as WithdrawalNetworkId,
        label: network.label,
        minimum: rule.minimum,
        fee: rule.fee,
        confirmations: network.confirmations,
      };
    }),
    limit: {
      level,
      dailyLimitUsdt: formatAtomic(limit, USDT_DECIMALS),
      usedUsdt: formatAtomic(used, USDT_DECIMALS),
      remainingUsdt: formatAtomic(remainingUsdt, USDT_DECIMALS),
      remaining: formatAtomic(
        remainingInCurrency(remainingUsdt, decimals, quote.priceUsdt),
        decimals,
      ),
    },
    lockedUntil: locked ? member.withdrawalLockedUntil!.toISOString() : null,
    twoFactorMethod: member.twoFactorMethod,
    kycVerified: isKycVerified(member.roleId),
    bcnt,
  };
}

/** POST /user/Withdraw/sendCode: an SMS code for a withdrawal (members on SMS two-step). */
export async function sendWithdrawCode(auth: AuthDeps, memberId: number) {
  const member = await loadMember(auth.db, memberId);
  requireTwoFactorOn(member);
  if (member.twoFactorMethod !== 'sms' || !member.mobile) {
    throw new AppError(ErrorCode.badRequest, 'bad_request', { field: 'code' });
  }
  const sent = await issueCode(
    auth,
    { memberId, channel: 'sms', purpose: 'two_factor' },
    member.mobile,
  );
  return { resendAfter: sent.resendAfter, sentTo: maskMobile(member.mobile) };
}

function assertNotLocked(member: MemberRow, now: Date): void {
  if (member.withdrawalLockedUntil && member.withdrawalLockedUntil > now) {
    throw new AppError(ErrorCode.forbidden, WithdrawError.locked, {
      lockedUntil: member.withdrawalLockedUntil.toISOString(),
    });
  }
}

function isCodeError(error: unknown): boolean {
  return (
    error instanceof AppError &&
    (error.data as { field?: string } | null)?.field === 'code' &&
    error.status === ErrorCode.badRequest
  );
}

/** POST /user/Withdraw (see the module comment for the rules and their order). */
export async function requestWithdrawal(
  deps: WithdrawDeps,
  memberId: number,
  idempotencyKey: string,
  body: WithdrawBody,
): Promise<Withdrawal> {
  const { db, clock } = deps.wallet;
  const member = await loadMember(db, memberId);
  const now = clock.now();
  requireTwoFactorOn(member);
  assertNotLocked(member, now);

  const { currency, network } = body;
  let address: string;
  let addressId: number | null = null;
  if (body.addressId !== undefined) {
    const saved = await savedAddressOf(db, memberId, body.addressId);
    if (saved.currency !== currency || saved.network !== network) {
      throw new AppError(ErrorCode.notFound, WithdrawError.addressNotFound, {
        field: 'addressId',
      });
    }
    address = checkDestination(currency, network, saved.address);
    addressId = saved.id;
  } else {
    address = checkDestination(currency, network, body.address ?? '');
    if (!body.address)
      throw validationError([{ field: 'address', message: AddressMessage.format }]);
  }

  const decimals = currencyDecimals(currency);
  const amountProblem = checkAmount(body.amount, decimals, { positive: true });
  if (amountProblem) throw validationError([{ field: 'amount', message: amountProblem }]);
  const amount = parseAmount(body.amount, decimals) as bigint;
  const rule = ruleUnits(currency, network)!;
  if (amount < rule.minimum) {
    throw new AppError(ErrorCode.badRequest, WithdrawError.minimum, {
      field: 'amount',
      minimum: toDecimal(currency, rule.minimum),
    });
  }
  if (currency === 'BCNT') {
    if (!isKycVerified(member.roleId)) {
      throw new AppError(ErrorCode.forbidden, WithdrawError.bcntKycRequired);
    }
    if (isBcntUnderReview((await readApplication(db, memberId))?.state)) {
      throw new AppError(ErrorCode.forbidden, WithdrawError.bcntKycUnderReview);
    }
  }

  // Read outside the transaction (the price feed and level reads use their own handle).
  const [level, quote] = await Promise.all([
    levelOf(deps.wallet, member),
    deps.wallet.prices.quote(currency),
  ]);
  const value = usdtValue(amount, decimals, quote.priceUsdt);
  const limit = dailyLimitUnits(level);
  const total = amount + rule.fee;

  const request = { currency, network, address, addressId, amount: formatAtomic(amount, decimals) };
  try {
    return await withIdempotency(
      db,
      clock,
      { memberId, scope: 'withdraw', key: idempotencyKey, request },
      async (tx) => {
        await tx.execute(
          sql`select ${members.id} from ${members} where ${members.id} = ${memberId} for update`,
        );
        const available = await accountBalance(tx, memberAccount(memberId), currency);
        if (total > available) {
          throw new AppError(ErrorCode.badRequest, WithdrawError.insufficientBalance, {
            field: 'amount',
            available: toDecimal(currency, available),
          });
        }
        const used = await usedUsdt(tx, memberId, now);
        if (used + value > limit) {
          const remainingUsdt = limit > used ? limit - used : 0n;
          throw new AppError(ErrorCode.badRequest, WithdrawError.limitExceeded, {
            field: 'amount',
            remainingUsdt: formatAtomic(remainingUsdt, USDT_DECIMALS),
            remaining: formatAtomic(
              remainingInCurrency(remainingUsdt, decimals, quote.priceUsdt),
              decimals,
            ),
          });
        }
        if (currency === 'BCNT') {
          const withdrawable = withdrawableBcnt(
            available,
            await bcntRewardCredits(tx, memberId),
            now,
          );
          if (total > withdrawable) {
            throw new AppError(ErrorCode.badRequest, WithdrawError.bcntRewardLocked, {
              field: 'amount',
              withdrawable: toDecimal('BCNT', withdrawable),
            });
          }
        }
        await verifyCurrentFactor({ ...deps.auth, db: tx }, member, body.code, 'code', {
          required: true,
        });

        const [row] = await tx
          .insert(withdrawals)
          .values({
            memberId,
            currency,
            network,
            address,
            addressId,
            amount: amount.toString(),
            fee: rule.fee.toString(),
            usdtValue: value.toString(),
            status: 'queued',
            dueAt: nextBusinessDayAt(now, WITHDRAWAL_PROCESSING_HOUR),
            createdAt: now,
          })
          .returning();
        const withdrawal = row!;
        const reference = `withdrawal:${withdrawal.id}`;
        await postLedgerTransaction(tx, clock, {
          idempotencyKey: `${reference}:request`,
          type: 'withdrawal',
          memberId,
          reference,
          memo: { network, address },
          postings: transfer(
            memberAccount(memberId),
            memberAccount(memberId, 'pending_withdrawal'),
            currency,
            amount,
          ),
        });
        if (rule.fee > 0n) {
          await postLedgerTransaction(tx, clock, {
            idempotencyKey: `${reference}:fee`,
            type: 'withdrawal_fee',
            memberId,
            reference,
            postings: transfer(
              memberAccount(memberId),
              memberAccount(memberId, 'pending_withdrawal'),
              currency,
              rule.fee,
            ),
          });
        }
        return toWithdrawal(withdrawal);
      },
    );
  } catch (error) {
    if (error instanceof InsufficientBalance) {
      throw new AppError(ErrorCode.badRequest, WithdrawError.insufficientBalance, {
        field: 'amount',
      });
    }
    // The transaction rolled back: count the wrong code against the SMS code outside it.
    if (isCodeError(error)) {
      await verifyCurrentFactor(deps.auth, await loadMember(db, memberId), body.code, 'code', {
        required: true,
      });
    }
    throw error;
  }
}

/** GET /user/Withdraw: the member's withdrawals, newest first. */
export async function withdrawalHistory(
  db: Db,
  memberId: number,
  query: WithdrawalHistoryQuery,
): Promise<WithdrawalHistory> {
  const where = and(
    eq(withdrawals.memberId, memberId),
    ...(query.currency ? [eq(withdrawals.currency, query.currency)] : []),
  );
  const [totalRow] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(toWithdrawal),
    total: totalRow?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
