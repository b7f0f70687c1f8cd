import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/wallet';
import { CURRENCIES } from '../../../shared/constants/currencies';
import { formatAtomic } from '../../../shared/money/decimal';
import {
  WALLET_CURRENCIES,
  type WalletCurrency,
  type WalletHistory,
  type WalletHistoryQuery,
  type WalletInfo,
} from '../../../shared/api/wallet';
import type { MemberReadCache } from '../auth/member-cache';
import { memberBalances } from './ledger';

/** On-chain decimals of a wallet currency (the ledger's atomic units). */
export function currencyDecimals(currency: WalletCurrency): number {
  const definition = CURRENCIES.find((c) => c.code === currency);
  if (!definition) throw new Error(`unknown currency ${currency}`);
  return definition.decimals;
}

/** atomic units -> whole-unit decimal string of the currency */
export const toDecimal = (currency: WalletCurrency, units: bigint) =>
  formatAtomic(units, currencyDecimals(currency));

/**
 * `WalletInfo`: every currency with total, available, staking and pending withdrawal. With the
 * API's cache of member reads (PGlite only), from there while no account of the member changed
 * (domain/auth/member-cache.ts).
 */
export async function walletInfo(
  db: Db,
  memberId: number,
  cache?: { reads: MemberReadCache; now: Date },
): Promise<WalletInfo> {
  if (!cache) return readWalletInfo(db, memberId);
  return cache.reads.read('wallet', memberId, cache.now, async () => ({
    value: await readWalletInfo(db, memberId),
  }));
}

async function readWalletInfo(db: Db, memberId: number): Promise<WalletInfo> {
  const balances = await memberBalances(db, memberId);
  return {
    balances: WALLET_CURRENCIES.map((currency) => {
      const b = balances.find((entry) => entry.currency === currency);
      const available = b?.available ?? 0n;
      const staking = b?.staking ?? 0n;
      const pending = b?.pendingWithdrawal ?? 0n;
      return {
        currency,
        total: toDecimal(currency, available + staking + pending),
        available: toDecimal(currency, available),
        staking: toDecimal(currency, staking),
        pendingWithdrawal: toDecimal(currency, pending),
      };
    }),
  };
}

/**
 * Spec section 3 transaction types by ledger transaction type: Invest 1, Deposit 2, Withdraw 3,
 * Fee 4, Balance 5 (every other movement of the balance), Interest 6.
 */
export function transactionTypeOf(kind: string): number {
  switch (kind) {
    case 'invest':
      return 1;
    case 'deposit':
      return 2;
    case 'withdrawal':
      return 3;
    case 'withdrawal_fee':
      return 4;
    case 'interest':
      return 6;
    default:
      return 5;
  }
}

/**
 * `WalletHistory`: the movements of the member's available balances, newest first. Movements
 * between the member's own accounts (stake, withdrawal request) appear as the change of the
 * available balance they made.
 */
export async function walletHistory(
  db: Db,
  memberId: number,
  query: WalletHistoryQuery,
): Promise<WalletHistory> {
  const where = and(
    eq(ledgerAccounts.memberId, memberId),
    eq(ledgerAccounts.kind, 'available'),
    ...(query.currency ? [eq(ledgerAccounts.currency, query.currency)] : []),
  );
  const [totalRow] = await db
    .select({ n: count() })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(where);
  const rows = await db
    .select({
      id: ledgerPostings.id,
      currency: ledgerPostings.currency,
      amount: ledgerPostings.amount,
      createdAt: ledgerPostings.createdAt,
      kind: ledgerTransactions.type,
      reference: ledgerTransactions.reference,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .where(where)
    .orderBy(desc(ledgerPostings.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      transactionType: transactionTypeOf(row.kind),
      currency: row.currency,
      amount: toDecimal(row.currency, BigInt(row.amount)),
      reference: row.reference,
      createdAt: row.createdAt.toISOString(),
    })),
    total: totalRow?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
