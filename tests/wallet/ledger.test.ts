import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import { members } from '../../src/server/db/schema';
import { ledgerPostings, ledgerTransactions } from '../../src/server/db/schema/wallet';
import { withIdempotency } from '../../src/server/domain/wallet/idempotency';
import {
  InsufficientBalance,
  memberAccount,
  memberBalances,
  platformAccount,
  postLedgerTransaction,
  transfer,
  UnbalancedTransaction,
} from '../../src/server/domain/wallet/ledger';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app';

const clock = new TestClock('2026-11-23T02:00:00Z');
let database: TestDatabase;
let db: Db;

async function newMember(tag: string): Promise<number> {
  const [row] = await db
    .insert(members)
    .values({
      email: `${tag}-${Math.random().toString(36).slice(2)}@example.com`,
      nickname: tag,
      passwordHash: 'x',
      accountType: 'individual',
      referralCode: Math.random().toString(36).slice(2, 10).toUpperCase(),
      passwordChangedAt: clock.now(),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    } as typeof members.$inferInsert)
    .returning({ id: members.id });
  return row!.id;
}

const deposit = (memberId: number, key: string, amount: bigint) =>
  db.transaction((tx) =>
    postLedgerTransaction(tx as unknown as Db, clock, {
      idempotencyKey: key,
      type: 'deposit',
      memberId,
      postings: transfer(platformAccount('hot_wallet'), memberAccount(memberId), 'USDT', amount),
    }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
});
afterAll(async () => database.dispose());

describe('ledger', () => {
  it('moves money once per idempotency key and keeps the books balanced', async () => {
    const alice = await newMember('alice');
    const first = await deposit(alice, 'dep-1', 1_000_000n);
    const again = await deposit(alice, 'dep-1', 1_000_000n);
    expect(first.created).toBe(true);
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    const [balance] = await memberBalances(db, alice);
    expect(balance).toMatchObject({ currency: 'USDT', available: 1_000_000n, staking: 0n });
  });

  it('refuses to overdraw a member account and writes nothing of the transaction', async () => {
    const bob = await newMember('bob');
    await deposit(bob, 'bob-dep', 500n);
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    await expect(
      db.transaction((tx) =>
        postLedgerTransaction(tx as unknown as Db, clock, {
          idempotencyKey: 'bob-over',
          type: 'withdrawal',
          memberId: bob,
          postings: transfer(memberAccount(bob), platformAccount('hot_wallet'), 'USDT', 501n),
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalance);
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect((await memberBalances(db, bob))[0]!.available).toBe(500n);
  });

  it('refuses unbalanced transactions', async () => {
    const carol = await newMember('carol');
    await expect(
      db.transaction((tx) =>
        postLedgerTransaction(tx as unknown as Db, clock, {
          idempotencyKey: 'unbalanced',
          type: 'deposit',
          postings: [
            { account: memberAccount(carol), currency: 'USDT', amount: 10n },
            { account: platformAccount('hot_wallet'), currency: 'USDT', amount: -9n },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedTransaction);
  });

  it('keeps posted rows immutable', async () => {
    const refused = (error: unknown) =>
      /immutable/.test(String((error as { cause?: Error }).cause?.message ?? error));
    await expect(db.update(ledgerPostings).set({ amount: '1' })).rejects.toSatisfy(refused);
    await expect(db.delete(ledgerTransactions)).rejects.toSatisfy(refused);
  });

  it('answers a repeated idempotent call with the stored answer', async () => {
    const dave = await newMember('dave');
    await deposit(dave, 'dave-dep', 1000n);
    const call = { memberId: dave, scope: 'test', key: 'key-12345678', request: { amount: '1' } };
    let runs = 0;
    const run = () =>
      withIdempotency(db, clock, call, async (tx) => {
        runs += 1;
        const posted = await postLedgerTransaction(tx, clock, {
          idempotencyKey: `test:${runs}`,
          type: 'fee',
          memberId: dave,
          postings: transfer(memberAccount(dave), platformAccount('fees'), 'USDT', 100n),
        });
        return { transactionId: posted.transactionId };
      });
    const answers = await Promise.all(Array.from({ length: 10 }, run));
    expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
    expect(runs).toBe(1);
    expect((await memberBalances(db, dave))[0]!.available).toBe(900n);
    await expect(
      withIdempotency(db, clock, { ...call, request: { amount: '2' } }, async () => ({})),
    ).rejects.toMatchObject({ message: 'idempotency_key_reused' });
  });
});
