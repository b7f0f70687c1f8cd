import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { idempotencyRecords } from '../../db/schema/wallet';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../shared/api/envelope';
import { WalletError } from '../../../shared/api/wallet';

/**
 * Idempotent money-moving calls (Withdraw, ConvertCurrency, wallet/stake, unstake, store
 * order). The browser sends an `Idempotency-Key` header (a UUID made once per user action and
 * reused for its retries); the answer is stored with the money movement in one database
 * transaction:
 *
 * - first call: a placeholder row for (member, call, key) is inserted, `run` moves the money in
 *   the same transaction and its answer replaces the placeholder; commit.
 * - a retry after that commit: the stored answer, nothing moves.
 * - a concurrent retry: its insert waits on the first one's uncommitted row (PostgreSQL) or on
 *   the transaction itself (PGlite runs one at a time), then finds the stored answer.
 * - `run` fails (e.g. not enough balance): everything rolls back, including the placeholder,
 *   so a retry runs again and, with nothing changed, fails the same way.
 * - the same key with another request body: 409 `idempotency_key_reused`.
 */

export interface IdempotentCall {
  memberId: number;
  /** the call: `withdraw`, `convert`, `stake`, `unstake`, `store-order` */
  scope: string;
  key: string;
  /** the validated request; its canonical JSON is hashed */
  request: unknown;
}

/** Keys are what the browser makes: UUIDs, or any 8-100 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

/** The key from the header; 400 `idempotency_key_required` when missing or malformed. */
export function idempotencyKeyFrom(headers: Record<string, unknown>): string {
  const raw = headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(ErrorCode.badRequest, WalletError.idempotencyKeyRequired);
  }
  return key;
}

/**
 * Run `run` once per (member, scope, key) and return its answer (see the module comment).
 * `run` gets the transaction handle: everything it writes commits with the stored answer.
 * The answer must be JSON (amounts as decimal strings).
 */
export async function withIdempotency<T>(
  db: Db,
  clock: Clock,
  call: IdempotentCall,
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  const hash = requestHash(call.request);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyRecords)
      .values({
        memberId: call.memberId,
        scope: call.scope,
        key: call.key,
        requestHash: hash,
        response: { pending: true },
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });
    const where = and(
      eq(idempotencyRecords.memberId, call.memberId),
      eq(idempotencyRecords.scope, call.scope),
      eq(idempotencyRecords.key, call.key),
    );
    if (!claimed) {
      const [stored] = await tx
        .select({
          requestHash: idempotencyRecords.requestHash,
          response: idempotencyRecords.response,
        })
        .from(idempotencyRecords)
        .where(where);
      if (!stored) throw new Error('idempotency record vanished');
      if (stored.requestHash !== hash) {
        throw new AppError(ErrorCode.conflict, WalletError.idempotencyKeyReused);
      }
      return stored.response as T;
    }
    const answer = await run(tx as unknown as Db);
    await tx
      .update(idempotencyRecords)
      .set({ response: answer as unknown })
      .where(where);
    return answer;
  });
}
