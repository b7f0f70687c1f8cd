import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/database';
import type { LedgerCurrency } from '../../src/server/db/schema/wallet';
import {
  type AccountRef,
  InsufficientBalance,
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';
import { createTestDatabase, type TestDatabase } from '../helpers/test-app';
import { insertMembers } from '../helpers/wallet';

/**
 * Property: whatever mix of movements runs at the same time (deposits, withdrawal requests and
 * their completion or refund, conversions, stakes, retries of an already used idempotency key),
 * every currency's postings sum to zero, every account's balance is the sum of its postings,
 * no member account is below zero, and a repeated key moved money once.
 */

/**
 * 2,500 operations in `npm test` (about 25 s on PGlite); CI's PostgreSQL lane runs 10,000 with
 * real concurrent connections (scripts/ci-postgres.sh). LEDGER_OPERATIONS sets any other number,
 * LEDGER_SEED another sequence.
 */
const OPERATIONS = Number(process.env.LEDGER_OPERATIONS ?? 2_500);
const IN_FLIGHT = 64;
const CURRENCIES: LedgerCurrency[] = ['USDT', 'BCNT', 'ETH'];

/** a small deterministic PRNG (mulberry32) so a failure can be replayed from its seed */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const clock = new TestClock('2026-11-23T02:00:00Z');
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.database.db;
});
afterAll(async () => database.dispose());

describe('ledger under concurrent random movements', () => {
  it(`${OPERATIONS} operations keep the books balanced and never negative`, async () => {
    const seed = Number(process.env.LEDGER_SEED ?? 20261123);
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const amount = () => BigInt(1 + Math.floor(next() * 1_000));
    const memberIds = await insertMembers(db, clock, 16);
    const usedKeys: string[] = [];
    let refused = 0;
    let replays = 0;

    const operation = (i: number) => {
      const member = pick(memberIds);
      const currency = pick(CURRENCIES);
      const m = (kind: 'available' | 'staking' | 'pending_withdrawal' = 'available') =>
        memberAccount(member, kind);
      const kinds: [string, AccountRef, AccountRef][] = [
        ['deposit', platformAccount('hot_wallet'), m()],
        ['deposit', platformAccount('hot_wallet'), m()],
        ['withdrawal', m(), m('pending_withdrawal')],
        ['withdrawal_complete', m('pending_withdrawal'), platformAccount('hot_wallet')],
        ['withdrawal_refund', m('pending_withdrawal'), m()],
        ['stake', m(), m('staking')],
        ['unstake', m('staking'), m()],
        ['fee', m(), platformAccount('fees')],
      ];
      // a retry of an earlier key: must not move anything again
      if (usedKeys.length > 0 && next() < 0.1) {
        const key = pick(usedKeys);
        replays += 1;
        return {
          key,
          type: 'replay',
          postings: transfer(m(), platformAccount('fees'), currency, 1n),
        };
      }
      if (next() < 0.15) {
        const other = pick(CURRENCIES.filter((c) => c !== currency));
        const key = `op-${i}`;
        usedKeys.push(key);
        return {
          key,
          type: 'convert',
          postings: [
            ...transfer(m(), platformAccount('conversion'), currency, amount()),
            ...transfer(platformAccount('conversion'), m(), other, amount()),
          ],
        };
      }
      const [type, from, to] = pick(kinds);
      const key = `op-${i}`;
      usedKeys.push(key);
      return { key, type, postings: transfer(from, to, currency, amount()) };
    };

    const ops = Array.from({ length: OPERATIONS }, (_, i) => operation(i));
    const createdPerKey = new Map<string, number>();
    let cursor = 0;
    const worker = async () => {
      while (cursor < ops.length) {
        const op = ops[cursor++]!;
        try {
          const posted = await db.transaction((tx) =>
            postLedgerTransaction(tx as unknown as Db, clock, {
              idempotencyKey: op.key,
              type: op.type,
              postings: op.postings,
            }),
          );
          if (posted.created) createdPerKey.set(op.key, (createdPerKey.get(op.key) ?? 0) + 1);
        } catch (error) {
          if (!(error instanceof InsufficientBalance)) throw error;
          refused += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    // every currency's postings sum to zero
    const sums = (await db.execute(
      sql`select currency, sum(amount)::text as total from ledger_postings group by currency`,
    )) as unknown as { rows: { currency: string; total: string }[] };
    for (const row of sums.rows)
      expect({ [row.currency]: row.total }).toEqual({ [row.currency]: '0' });
    // every balance is the sum of its postings
    const drift = (await db.execute(sql`
      select a.id from ledger_accounts a
      left join ledger_postings p on p.account_id = a.id
      group by a.id, a.balance
      having a.balance <> coalesce(sum(p.amount), 0)`)) as unknown as { rows: unknown[] };
    expect(drift.rows).toEqual([]);
    // no member account below zero
    const negative = (await db.execute(
      sql`select id from ledger_accounts where member_id is not null and balance < 0`,
    )) as unknown as { rows: unknown[] };
    expect(negative.rows).toEqual([]);
    // one transaction per key that went through; replays moved nothing
    const counts = (await db.execute(
      sql`select count(*)::int as n, count(distinct idempotency_key)::int as keys from ledger_transactions`,
    )) as unknown as { rows: { n: number; keys: number }[] };
    expect(counts.rows[0]!.n).toBe(counts.rows[0]!.keys);
    expect([...createdPerKey.values()].every((n) => n === 1)).toBe(true);
    expect(counts.rows[0]!.n).toBe(createdPerKey.size);
    // the run exercised both outcomes
    expect(refused).toBeGreaterThan(100);
    expect(replays).toBeGreaterThan(100);
  }, 600_000);
});
