import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import {
  type LedgerAccountKind,
  type LedgerCurrency,
  ledgerAccounts,
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
 *   and a CHECK constraint backs it; a post that would overdraw throws `InsufficientBalance`,
 *   nothing of it is written and the caller's transaction can go on.
 * - Accounts are locked in id order, so two posts over the same accounts cannot deadlock.
 * - Posted rows are immutable (database triggers refuse UPDATE and DELETE on both tables);
 *   a correction is a new transaction.
 *
 * Call `postLedgerTransaction` inside `db.transaction(...)` together with the domain rows it
 * belongs to (a withdrawal, an order), so both commit or neither does. A post is one statement,
 * the database function `ledger_post` (migration 0030), which applies these rules.
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

/** The legs as the database function `ledger_post` reads them (see its migration, 0030). */
function legsJson(postings: Posting[]): string {
  return JSON.stringify(
    postings.map(({ account, currency, amount }) => ({
      m: 'memberId' in account ? account.memberId : null,
      c: currency,
      k: 'memberId' in account ? account.kind : account.platform,
      a: amount.toString(),
    })),
  );
}

interface LedgerPostRow {
  posted_id: string | number | bigint | null;
  was_created: boolean;
  short_member: number | null;
  short_currency: LedgerCurrency | null;
  short_kind: MemberAccountKind | null;
}

/**
 * Post a balanced transaction (see the module comment). Must run inside a database
 * transaction (`db.transaction(tx => postLedgerTransaction(tx, ...))`) together with the rows it
 * belongs to. One statement: the database function `ledger_post` (migration 0030) looks the key
 * up, creates missing accounts, locks the changed ones in id order, checks and updates their
 * balances and writes the transaction and its postings. On `InsufficientBalance` it has written
 * nothing and the caller's transaction stays usable.
 */
export async function postLedgerTransaction(
  tx: Db,
  clock: Clock,
  input: LedgerTransactionInput,
): Promise<PostedTransaction> {
  validate(input);
  const result = (await tx.execute(
    sql`select posted_id, was_created, short_member, short_currency, short_kind
        from ledger_post(${input.idempotencyKey}::varchar, ${input.type}::varchar,
          ${input.memberId ?? null}::integer, ${input.reference ?? null}::varchar,
          ${input.memo == null ? null : JSON.stringify(input.memo)}::jsonb,
          ${clock.now().toISOString()}::timestamptz, ${legsJson(input.postings)}::jsonb)`,
  )) as unknown as { rows: LedgerPostRow[] };
  const row = result.rows[0];
  if (!row) throw new Error('ledger: ledger_post answered nothing');
  if (row.posted_id === null) {
    if (row.short_member === null || row.short_currency === null || row.short_kind === null)
      throw new Error('ledger: ledger_post answered neither a transaction nor a short account');
    throw new InsufficientBalance(row.short_member, row.short_currency, row.short_kind);
  }
  return { transactionId: Number(row.posted_id), created: row.was_created };
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
