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
