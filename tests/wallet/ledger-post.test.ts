import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
} from '../../src/server/db/schema/wallet';
import {
  accountBalance,
  InsufficientBalance,
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';
import pg from 'pg';
import { createTestDatabase, type TestDatabase, usingPostgres } from '../helpers/test-app';
import { insertMembers } from '../helpers/wallet';

/**
 * What a post does in the database in one call (ledger_post): the rules a caller relies on
 * when posts race each other (on PostgreSQL they run on concurrent connections; with
 * DATABASE_URL unset, on PGlite, one at a time) and when it catches an overdraft.
 */

const clock = new TestClock('2026-11-23T02:00:00Z');
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
});
afterAll(async () => database.dispose());

const post = (input: Parameters<typeof postLedgerTransaction>[2]) =>
  db.transaction((tx) => postLedgerTransaction(tx as unknown as Db, clock, input));

const deposit = (memberId: number, key: string, amount: bigint) =>
  post({
    idempotencyKey: key,
    type: 'deposit',
    memberId,
    postings: transfer(platformAccount('hot_wallet'), memberAccount(memberId), 'USDT', amount),
  });

describe('ledger_post', () => {
  it('moves money once when the same key is posted many times at once', async () => {
    const [member] = await insertMembers(db, clock, 1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => deposit(member!, `race:${member}`, 700n)),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
    expect(await accountBalance(db, memberAccount(member!), 'USDT')).toBe(700n);
    const legs = await db
      .select({ amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transactionId, answers[0]!.transactionId));
    expect(legs.map((leg) => leg.amount).sort()).toEqual(['-700', '700']);
    // spending all of it under one key: the posts that waited for the first's locks find
    // the balance short, and answer the first's transaction rather than an overdraft
    const spends = await Promise.all(
      Array.from({ length: 12 }, () =>
        post({
          idempotencyKey: `race:${member}:spend`,
          type: 'fee',
          memberId: member!,
          postings: transfer(memberAccount(member!), platformAccount('fees'), 'USDT', 700n),
        }),
      ),
    );
    expect(spends.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(spends.map((answer) => answer.transactionId)).size).toBe(1);
    expect(await accountBalance(db, memberAccount(member!), 'USDT')).toBe(0n);
  });

  it('answers a key posted before with its transaction even when the balance is short now', async () => {
    const [member] = await insertMembers(db, clock, 1);
    await deposit(member!, `short:${member}:in`, 100n);
    const spend = {
      idempotencyKey: `short:${member}:out`,
      type: 'fee',
      memberId: member!,
      postings: transfer(memberAccount(member!), platformAccount('fees'), 'USDT', 100n),
    };
    const first = await post(spend);
    expect(await post(spend)).toEqual({ transactionId: first.transactionId, created: false });
    expect(await accountBalance(db, memberAccount(member!), 'USDT')).toBe(0n);
  });

  it('never deadlocks transfers running both ways between the same accounts', async () => {
    const [a, b, c] = await insertMembers(db, clock, 3);
    for (const member of [a!, b!, c!]) await deposit(member, `ring:${member}`, 1_000n);
    // a -> b, b -> a, b -> c, c -> a ... each also touching the platform's fees
    const pairs: [number, number][] = [
      [a!, b!],
      [b!, a!],
      [b!, c!],
      [c!, a!],
      [a!, c!],
      [c!, b!],
    ];
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to] = pairs[i % pairs.length]!;
        return post({
          idempotencyKey: `ring:${from}:${to}:${i}`,
          type: 'bench',
          postings: [
            { account: memberAccount(from), currency: 'USDT', amount: -11n },
            { account: memberAccount(to), currency: 'USDT', amount: 10n },
            { account: platformAccount('fees'), currency: 'USDT', amount: 1n },
          ],
        });
      }),
    );
    // every member sent 20 x 11 and received 20 x 10
    for (const member of [a!, b!, c!]) {
      expect(await accountBalance(db, memberAccount(member), 'USDT')).toBe(1_000n - 20n);
    }
  });

  // Only PostgreSQL has concurrent connections. The locks must come before the balance update,
  // in id order, platform accounts included: a post that locked only its member accounts and
  // took the platform's at the update deadlocked with concurrent posts.
  it.runIf(usingPostgres)(
    'locks every account it changes in id order before changing any, platform accounts too',
    async () => {
      const [member] = await insertMembers(db, clock, 1);
      // the platform's USDT account exists from the posts above: a lower id than this member's
      await deposit(member!, `order:${member}:in`, 100n);
      const holder = new pg.Client({ connectionString: database.url });
      const probe = new pg.Client({ connectionString: database.url });
      await holder.connect();
      await probe.connect();
      try {
        await holder.query('begin');
        await holder.query(
          `select id from ledger_accounts where member_id is null and currency = 'USDT'
             and kind = 'hot_wallet' for update`,
        );
        const waiting = deposit(member!, `order:${member}:again`, 5n);
        await new Promise((resolve) => setTimeout(resolve, 300));
        // the post waits for the platform's account and has not locked the member's yet
        await probe.query('begin');
        await expect(
          probe.query(
            `select id from ledger_accounts where member_id = $1 and currency = 'USDT' for update nowait`,
            [member],
          ),
        ).resolves.toMatchObject({ rowCount: 1 });
        await probe.query('rollback');
        await holder.query('commit');
        await expect(waiting).resolves.toMatchObject({ created: true });
        expect(await accountBalance(db, memberAccount(member!), 'USDT')).toBe(105n);
      } finally {
        await holder.end();
        await probe.end();
      }
    },
  );

  it('creates a new account once when first uses race, whatever order the legs name them', async () => {
    const [x, y] = await insertMembers(db, clock, 2);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post({
          idempotencyKey: `first-use:${x}:${y}:${i}`,
          type: 'deposit',
          postings:
            i % 2 === 0
              ? [
                  { account: memberAccount(x!, 'earn'), currency: 'BCNT', amount: 5n },
                  { account: memberAccount(y!, 'earn'), currency: 'BCNT', amount: 5n },
                  { account: platformAccount('hot_wallet'), currency: 'BCNT', amount: -10n },
                ]
              : [
                  { account: platformAccount('hot_wallet'), currency: 'BCNT', amount: -10n },
                  { account: memberAccount(y!, 'earn'), currency: 'BCNT', amount: 5n },
                  { account: memberAccount(x!, 'earn'), currency: 'BCNT', amount: 5n },
                ],
        }),
      ),
    );
    const rows = await db
      .select({ memberId: ledgerAccounts.memberId, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.memberId} in (${x}, ${y}) and ${ledgerAccounts.kind} = 'earn'`);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.balance)).toEqual(['50', '50']);
  });

  it('writes nothing of an overdraft and leaves the caller free to go on and commit', async () => {
    const [member] = await insertMembers(db, clock, 1);
    await deposit(member!, `partial:${member}:in`, 50n);
    const key = `partial:${member}:out`;
    const outcome = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      try {
        await postLedgerTransaction(tx, clock, {
          idempotencyKey: key,
          type: 'autotrade_margin',
          memberId: member!,
          // the platform leg comes first and would be applied first: it must not stay
          postings: [
            { account: platformAccount('fees'), currency: 'USDT', amount: 60n },
            { account: memberAccount(member!), currency: 'USDT', amount: -60n },
          ],
        });
        return 'posted';
      } catch (error) {
        if (!(error instanceof InsufficientBalance)) throw error;
        expect(error).toMatchObject({ memberId: member, currency: 'USDT', kind: 'available' });
        // the transaction is still usable
        await tx
          .select({ one: sql<number>`1` })
          .from(ledgerAccounts)
          .limit(1);
        return 'refused';
      }
    });
    expect(outcome).toBe('refused');
    const rows = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, key));
    expect(rows).toEqual([]);
    expect(await accountBalance(db, memberAccount(member!), 'USDT')).toBe(50n);
    // the key is still free: with the money there it posts
    await deposit(member!, `partial:${member}:more`, 10n);
    const later = await post({
      idempotencyKey: key,
      type: 'autotrade_margin',
      memberId: member!,
      postings: transfer(memberAccount(member!), platformAccount('fees'), 'USDT', 60n),
    });
    expect(later.created).toBe(true);
    expect(await accountBalance(db, memberAccount(member!), 'USDT')).toBe(0n);
  });

  it('writes the legs in the order given, one balance change per account', async () => {
    const [member] = await insertMembers(db, clock, 1);
    await deposit(member!, `legs:${member}:in`, 1_000n);
    const feesBefore = await accountBalance(db, platformAccount('fees'), 'USDT');
    const posted = await post({
      idempotencyKey: `legs:${member}`,
      type: 'convert',
      memberId: member!,
      reference: `legs:${member}`,
      memo: { note: 'split' },
      postings: [
        { account: memberAccount(member!), currency: 'USDT', amount: -300n },
        { account: platformAccount('fees'), currency: 'USDT', amount: 100n },
        { account: memberAccount(member!), currency: 'USDT', amount: 200n },
        { account: platformAccount('fees'), currency: 'USDT', amount: -100n },
        { account: platformAccount('conversion'), currency: 'USDT', amount: 100n },
      ],
    });
    const legs = await db
      .select({ amount: ledgerPostings.amount, createdAt: ledgerPostings.createdAt })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transactionId, posted.transactionId))
      .orderBy(ledgerPostings.id);
    expect(legs.map((leg) => leg.amount)).toEqual(['-300', '100', '200', '-100', '100']);
    expect(legs.every((leg) => leg.createdAt.getTime() === clock.now().getTime())).toBe(true);
    const [row] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, posted.transactionId));
    expect(row).toMatchObject({
      type: 'convert',
      memberId: member,
      reference: `legs:${member}`,
      memo: { note: 'split' },
    });
    expect(await accountBalance(db, memberAccount(member!), 'USDT')).toBe(900n);
    expect(await accountBalance(db, platformAccount('fees'), 'USDT')).toBe(feesBefore);
  });

  it('refuses unbalanced legs in the database too', async () => {
    const [member] = await insertMembers(db, clock, 1);
    await expect(
      db.execute(
        sql`select * from ledger_post('direct:${sql.raw(String(member))}', 'deposit', null, null,
          null, now(), ${JSON.stringify([
            { m: member, c: 'USDT', k: 'available', a: '10' },
            { m: null, c: 'USDT', k: 'hot_wallet', a: '-9' },
          ])}::jsonb)`,
      ),
    ).rejects.toSatisfy((error: unknown) =>
      /do not sum to zero/.test(String((error as { cause?: Error }).cause?.message ?? error)),
    );
  });
});
