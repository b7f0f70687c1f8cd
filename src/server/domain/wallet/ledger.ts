import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import {
  type LedgerAccountKind,
  type LedgerCurrency,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
} from '../../db/schema/wallet';
import { MAX_UINT256 } from '../../../shared/money/decimal';

/**
 * The double-entry ledger. Every movement of money is one `ledger_transactions` row
 * with two or more `ledger_postings` whose signed amounts sum to zero per currency, written in
 * one database transaction together with the balance of every account it touches:
 *
 * - `idempotencyKey` is unique: a second post with the same key moves nothing and returns the
 *   first transaction's id (`created: false`), also when both run at the same time (the second
 *   insert waits for the first to commit, then finds the key).
 * - Member accounts never go below zero: the balance update is conditional (`balance + d >= 0`)
 *   and a CHECK constraint backs it; a post that would overdraw throws `InsufficientBalance` and
 *   nothing of it is written.
 * - Accounts are locked in id order, so two posts over the same accounts cannot deadlock.
 * - Posted rows are immutable (database triggers refuse UPDATE and DELETE on both tables);
 *   a correction is a new transaction.
 *
 * Call `postLedgerTransaction` inside `db.transaction(...)` together with the domain rows it
 * belongs to (a withdrawal, an order), so both commit or neither does.
 */

/** An account: a member's (available, staking, pending withdrawal) or a platform account. */
export type AccountRef =
  | { memberId: number; kind: Extract<LedgerAccountKind, MemberAccountKind> }
  | { platform: Exclude<LedgerAccountKind, MemberAccountKind> };

export type MemberAccountKind = 'available' | 'staking' | 'pending_withdrawal' | 'earn' | 'margin';
export type PlatformAccountKind = Exclude<LedgerAccountKind, MemberAccountKind>;

export interface Posting {
  account: AccountRef;
  currency: LedgerCurrency;
  /** signed atomic units: positive raises the account's balance */
  amount: bigint;
}

export interface LedgerTransactionInput {
  /** unique per movement, e.g. `deposit:ERC20:0xabc:3`, `withdrawal:12:request` */
  idempotencyKey: string;
  type: string;
  memberId?: number | null;
  reference?: string;
  memo?: Record<string, unknown>;
  postings: Posting[];
}

export interface PostedTransaction {
  transactionId: number;
  /** false: the key was already posted and nothing moved this time */
  created: boolean;
}

/** A member account would go below zero. Nothing of the transaction was written. */
export class InsufficientBalance extends Error {
  constructor(
    readonly memberId: number,
    readonly currency: LedgerCurrency,
    readonly kind: MemberAccountKind,
  ) {
    super(`member ${memberId} ${currency} ${kind}: not enough balance`);
    this.name = 'InsufficientBalance';
  }
}

/** The transaction is malformed (unbalanced, empty, zero or oversized amounts): a bug. */
export class UnbalancedTransaction extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedTransaction';
  }
}

export const memberAccount = (
  memberId: number,
  kind: MemberAccountKind = 'available',
): AccountRef => ({ memberId, kind });
export const platformAccount = (kind: PlatformAccountKind): AccountRef => ({ platform: kind });

/** Two legs: `amount` leaves `from` and arrives in `to`. */
export function transfer(
  from: AccountRef,
  to: AccountRef,
  currency: LedgerCurrency,
  amount: bigint,
): Posting[] {
  return [
    { account: from, currency, amount: -amount },
    { account: to, currency, amount },
  ];
}

function accountKey(account: AccountRef, currency: LedgerCurrency): string {
  return 'platform' in account
    ? `p:${currency}:${account.platform}`
    : `m:${account.memberId}:${currency}:${account.kind}`;
}

function validate(input: LedgerTransactionInput): void {
  if (input.postings.length < 2) throw new UnbalancedTransaction('a transaction needs two legs');
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw new UnbalancedTransaction('idempotency key missing or longer than 200 characters');
  const sums = new Map<LedgerCurrency, bigint>();
  for (const posting of input.postings) {
    if (posting.amount === 0n) throw new UnbalancedTransaction('a leg of zero');
    const size = posting.amount < 0n ? -posting.amount : posting.amount;
    if (size > MAX_UINT256) throw new UnbalancedTransaction('a leg above uint256');
    sums.set(posting.currency, (sums.get(posting.currency) ?? 0n) + posting.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedTransaction(`${currency} legs sum to ${sum}, not zero`);
  }
}

/**
 * The ids of the accounts (created when missing), keyed by accountKey. Missing accounts are
 * inserted with `on conflict do nothing`, so concurrent first uses agree on one row.
 */
async function resolveAccounts(
  tx: Db,
  clock: Clock,
  postings: Posting[],
): Promise<Map<string, number>> {
  const wanted = new Map<string, { account: AccountRef; currency: LedgerCurrency }>();
  for (const posting of postings) {
    wanted.set(accountKey(posting.account, posting.currency), posting);
  }
  const ids = new Map<string, number>();
  const refs = [...wanted.values()];
  const memberIds = [
    ...new Set(refs.flatMap(({ account }) => ('memberId' in account ? [account.memberId] : []))),
  ];
  const lookup = async () => {
    const rows = await tx
      .select({
        id: ledgerAccounts.id,
        memberId: ledgerAccounts.memberId,
        currency: ledgerAccounts.currency,
        kind: ledgerAccounts.kind,
      })
      .from(ledgerAccounts)
      .where(
        memberIds.length > 0
          ? sql`${ledgerAccounts.memberId} is null or ${inArray(ledgerAccounts.memberId, memberIds)}`
          : isNull(ledgerAccounts.memberId),
      );
    for (const row of rows) {
      const key =
        row.memberId === null
          ? `p:${row.currency}:${row.kind}`
          : `m:${row.memberId}:${row.currency}:${row.kind}`;
      if (wanted.has(key)) ids.set(key, row.id);
    }
  };
  await lookup();
  // Created in one fixed order (by key), so two transactions creating the same new accounts
  // wait for each other instead of deadlocking.
  const missing = [...wanted]
    .filter(([key]) => !ids.has(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (missing.length > 0) {
    const now = clock.now();
    for (const [, { account, currency }] of missing) {
      await tx
        .insert(ledgerAccounts)
        .values({
          memberId: 'memberId' in account ? account.memberId : null,
          currency,
          kind: 'memberId' in account ? account.kind : account.platform,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    await lookup();
  }
  return ids;
}

/**
 * Post a balanced transaction (see the module comment). Must run inside a database
 * transaction (`db.transaction(tx => postLedgerTransaction(tx, ...))`): on `InsufficientBalance`
 * the caller's transaction rolls back with it.
 */
export async function postLedgerTransaction(
  tx: Db,
  clock: Clock,
  input: LedgerTransactionInput,
): Promise<PostedTransaction> {
  validate(input);
  const now = clock.now();
  const [inserted] = await tx
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: input.idempotencyKey,
      type: input.type,
      memberId: input.memberId ?? null,
      reference: input.reference ?? null,
      memo: input.memo ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error('ledger: idempotency key vanished');
    return { transactionId: existing.id, created: false };
  }

  const ids = await resolveAccounts(tx, clock, input.postings);
  // One balance change per account, applied in id order (no deadlocks between posts).
  const deltas = new Map<number, { delta: bigint; posting: Posting }>();
  for (const posting of input.postings) {
    const id = ids.get(accountKey(posting.account, posting.currency));
    if (id === undefined) throw new Error('ledger: account not resolved');
    const current = deltas.get(id);
    deltas.set(id, { delta: (current?.delta ?? 0n) + posting.amount, posting });
  }
  for (const [id, { delta, posting }] of [...deltas].sort(([a], [b]) => a - b)) {
    if (delta === 0n) continue;
    const [updated] = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${delta.toString()}::numeric` })
      .where(
        and(
          eq(ledgerAccounts.id, id),
          sql`(${ledgerAccounts.memberId} is null or ${ledgerAccounts.balance} + ${delta.toString()}::numeric >= 0)`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (!updated) {
      const account = posting.account;
      if ('memberId' in account)
        throw new InsufficientBalance(account.memberId, posting.currency, account.kind);
      throw new Error('ledger: platform account update failed');
    }
  }
  await tx.insert(ledgerPostings).values(
    input.postings.map((posting) => ({
      transactionId: inserted.id,
      accountId: ids.get(accountKey(posting.account, posting.currency)) as number,
      currency: posting.currency,
      amount: posting.amount.toString(),
      createdAt: now,
    })),
  );
  return { transactionId: inserted.id, created: true };
}

export interface MemberBalance {
  currency: LedgerCurrency;
  available: bigint;
  staking: bigint;
  pendingWithdrawal: bigint;
}

/** A member's balances per currency (currencies never used are absent). */
export async function memberBalances(db: Db, memberId: number): Promise<MemberBalance[]> {
  const rows = await db
    .select({
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.memberId, memberId))
    .orderBy(asc(ledgerAccounts.id));
  const byCurrency = new Map<LedgerCurrency, MemberBalance>();
  for (const row of rows) {
    const entry = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      available: 0n,
      staking: 0n,
      pendingWithdrawal: 0n,
    };
    const value = BigInt(row.balance);
    if (row.kind === 'available') entry.available = value;
    else if (row.kind === 'staking') entry.staking = value;
    else if (row.kind === 'pending_withdrawal') entry.pendingWithdrawal = value;
    byCurrency.set(row.currency, entry);
  }
  return [...byCurrency.values()];
}

/** One account's balance (0 when it was never used). */
export async function accountBalance(
  db: Db,
  account: AccountRef,
  currency: LedgerCurrency,
): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      'memberId' in account
        ? and(
            eq(ledgerAccounts.memberId, account.memberId),
            eq(ledgerAccounts.currency, currency),
            eq(ledgerAccounts.kind, account.kind),
          )
        : and(
            isNull(ledgerAccounts.memberId),
            eq(ledgerAccounts.currency, currency),
            eq(ledgerAccounts.kind, account.platform),
          ),
    );
  return row ? BigInt(row.balance) : 0n;
}
