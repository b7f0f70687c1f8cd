import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Clock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import { members } from '../../src/server/db/schema';
import type { WalletBalance } from '../../src/shared/api/wallet';
import { call } from './auth';
import type { TestApp } from './test-app';
import type { LedgerCurrency } from '../../src/server/db/schema/wallet';
import {
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';

/** Bare member rows for ledger-level tests (no credentials; not able to log in). */
export async function insertMembers(db: Db, clock: Clock, count: number): Promise<number[]> {
  const now = clock.now();
  const tag = Math.random().toString(36).slice(2, 8);
  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `ledger-${tag}-${i}@example.com`,
        nickname: `ledger${i}`,
        passwordHash: 'not-a-password-hash',
        accountType: 'individual' as const,
        referralCode: `L${tag}${i}`.slice(0, 12).toUpperCase(),
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: members.id });
  return rows.map((row) => row.id);
}

/**
 * Give a member money as a confirmed deposit would (hot wallet -> available), without a chain.
 * `amount` in atomic units of the currency.
 */
export async function creditMember(
  db: Db,
  clock: Clock,
  memberId: number,
  currency: LedgerCurrency,
  amount: bigint,
  key = `test-credit:${memberId}:${currency}:${Math.random().toString(36).slice(2)}`,
) {
  return db.transaction((tx) =>
    postLedgerTransaction(tx as unknown as Db, clock, {
      idempotencyKey: key,
      type: 'deposit',
      memberId,
      reference: key,
      postings: transfer(platformAccount('hot_wallet'), memberAccount(memberId), currency, amount),
    }),
  );
}

/** The member's balances of one currency as `WalletInfo` reports them. */
export async function walletBalance(
  t: TestApp,
  member: { token: string },
  currency: string,
): Promise<WalletBalance> {
  const res = await call(t.app, 'GET', '/api/v1/user/WalletInfo', undefined, {
    token: member.token,
  });
  if (res.statusCode !== 200) throw new Error(`WalletInfo: HTTP ${res.statusCode} ${res.body}`);
  const balances = res.json().data.balances as WalletBalance[];
  const balance = balances.find((b) => b.currency === currency);
  if (!balance) throw new Error(`WalletInfo has no ${currency}`);
  return balance;
}

/**
 * The books balance: every currency's postings sum to zero, every account's balance is the sum
 * of its postings, no member account is below zero, one transaction per idempotency key.
 */
export async function expectBooksBalanced(db: Db): Promise<void> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const sums = await rows<{ currency: string; total: string }>(
    sql`select currency, sum(amount)::text as total from ledger_postings group by currency`,
  );
  for (const row of sums) expect({ [row.currency]: row.total }).toEqual({ [row.currency]: '0' });
  expect(
    await rows(sql`
      select a.id from ledger_accounts a
      left join ledger_postings p on p.account_id = a.id
      group by a.id, a.balance
      having a.balance <> coalesce(sum(p.amount), 0)`),
  ).toEqual([]);
  expect(
    await rows(sql`select id from ledger_accounts where member_id is not null and balance < 0`),
  ).toEqual([]);
  const [counts] = await rows<{ n: number; keys: number }>(
    sql`select count(*)::int as n, count(distinct idempotency_key)::int as keys from ledger_transactions`,
  );
  expect(counts?.n).toBe(counts?.keys);
}
