import { and, asc, eq, lt } from 'drizzle-orm';
import { ErrorCode } from '../../shared/api/envelope';
import {
  type ApiKey,
  type ApiKeyList,
  ApiKeyError,
  type ApiKeyProblem,
  type ImportApiKeyBody,
} from '../../shared/api/exchange-api-keys';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { exchangeApiKeys } from '../db/schema';
import type { AuthDeps } from '../domain/auth/context';
import { decryptAtRest, encryptAtRest } from '../domain/auth/crypto';
import { loadMember } from '../domain/auth/members';
import type { Outbox } from '../domain/auth/outbox';
import { confirmPassword } from '../domain/auth/reauth';
import { formatUtc8 } from '../domain/auth/security-notice';
import { verifyCurrentFactor } from '../domain/auth/two-factor';
import { AppError } from '../errors';
import { type ExchangeAdapter, type ExchangeCredentials, ExchangeFailure } from './adapter';

/**
 * Members' exchange API keys (contract shared/api/exchange-api-keys.ts, table
 * db/schema/exchange.ts). Rules:
 *
 * - Import: the password again and the current second factor (a key trades the member's money,
 *   like a linked wallet moves it); the key is checked on the exchange before anything is saved:
 *   refused by the exchange -> `api_key_rejected`; able to withdraw, or unable to trade or to read
 *   balances, orders and history -> "The API key must have only trade and signal permissions";
 *   one key per exchange account of the member (exchange + main, or sub + the sub-account name
 *   without regard to case) -> "One API key per exchange account"; a key already imported by
 *   anyone -> `api_key_taken`. The secret is sealed (AES-256-GCM, DATA_KEY) with the member,
 *   exchange and key as associated data, and is never returned. A security e-mail follows.
 * - Check (PUT, and the `exchange-api-keys` job hourly per key): the same test; `correct` sets
 *   the last sync time, `incorrect` records the problem (the member is asked to reset the key
 *   on the exchange). An exchange that does not answer changes nothing but the check time.
 * - Delete: refused (`api_key_in_use`) while anything registered with `registerApiKeyUsage`
 *   (the Smart Autotrade and lending subscriptions) uses the key.
 */

export interface ApiKeyDeps {
  db: Db;
  clock: Clock;
  exchange: ExchangeAdapter;
  /** the data-at-rest key (AuthKeys.data, derived from DATA_KEY) */
  dataKey: Buffer;
}

/** a product that holds keys: answers whether it uses this key now */
export type ApiKeyUsageCheck = (db: Db, keyId: number) => Promise<boolean>;

const usageChecks = new Map<string, ApiKeyUsageCheck>();

/**
 * A product that uses members' keys registers how to tell (once, at module load); delete asks
 * every one. Answers the unregister function (tests).
 */
export function registerApiKeyUsage(product: string, check: ApiKeyUsageCheck): () => void {
  usageChecks.set(product, check);
  return () => {
    if (usageChecks.get(product) === check) usageChecks.delete(product);
  };
}

/** The products using a key now (empty: it may be deleted). */
export async function apiKeyUsers(db: Db, keyId: number): Promise<string[]> {
  const users: string[] = [];
  for (const [product, check] of usageChecks) {
    if (await check(db, keyId)) users.push(product);
  }
  return users;
}

type Row = typeof exchangeApiKeys.$inferSelect;

const sealContext = (memberId: number, exchange: string, apiKey: string) =>
  `exchange-api-key:${memberId}:${exchange}:${apiKey}`;

/** `abcd…wxyz`: enough to recognise a key, not to use it */
export function maskApiKey(apiKey: string): string {
  return apiKey.length <= 8 ? '…' : `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}

function accountOf(accountType: 'main' | 'sub', subAccountName: string | undefined): string {
  return accountType === 'main' ? 'main' : `sub:${(subAccountName ?? '').trim().toLowerCase()}`;
}

async function view(db: Db, row: Row): Promise<ApiKey> {
  return {
    id: row.id,
    exchange: row.exchange,
    name: row.name,
    apiKey: maskApiKey(row.apiKey),
    accountType: row.accountType,
    subAccountName: row.subAccountName,
    status: row.status,
    problem: row.problem,
    lastSyncTime: row.lastSyncAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    inUse: (await apiKeyUsers(db, row.id)).length > 0,
  };
}

export function credentialsOf(deps: Pick<ApiKeyDeps, 'dataKey'>, row: Row): ExchangeCredentials {
  return {
    apiKey: row.apiKey,
    secret: decryptAtRest(
      deps.dataKey,
      row.secretSealed,
      sealContext(row.memberId, row.exchange, row.apiKey),
    ),
  };
}

type Verdict =
  | { status: 'correct' }
  | { status: 'incorrect'; problem: ApiKeyProblem; error: string }
  | { status: 'unreachable'; error: string };

/** Ask the exchange what the key may do. */
async function verdictOf(exchange: ExchangeAdapter, key: ExchangeCredentials): Promise<Verdict> {
  try {
    const permissions = await exchange.checkKey(key);
    if (permissions.withdraw || !permissions.trade || !permissions.read) {
      const granted = Object.entries(permissions.scopes)
        .map(([scope, { read, write }]) => `${scope}:${read ? 'r' : ''}${write ? 'w' : ''}`)
        .join(',');
      return { status: 'incorrect', problem: 'permissions', error: `permissions ${granted}` };
    }
    return { status: 'correct' };
  } catch (error) {
    if (!(error instanceof ExchangeFailure)) throw error;
    if (error.kind === 'authentication' || error.kind === 'permission') {
      return { status: 'incorrect', problem: 'rejected', error: error.message };
    }
    // nonce, network, unavailable, other: the key is not known to be wrong
    return { status: 'unreachable', error: `${error.kind}: ${error.message}` };
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function findRow(db: Db, memberId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(exchangeApiKeys)
    .where(and(eq(exchangeApiKeys.id, id), eq(exchangeApiKeys.memberId, memberId)));
  if (!row) throw new AppError(ErrorCode.notFound, ApiKeyError.notFound, { field: 'id' });
  return row;
}

export async function listApiKeys(db: Db, memberId: number): Promise<ApiKeyList> {
  const rows = await db
    .select()
    .from(exchangeApiKeys)
    .where(eq(exchangeApiKeys.memberId, memberId))
    .orderBy(asc(exchangeApiKeys.id));
  return { list: await Promise.all(rows.map((row) => view(db, row))) };
}

async function refuseTaken(db: Db, memberId: number, body: ImportApiKeyBody, account: string) {
  const [sameAccount] = await db
    .select({ id: exchangeApiKeys.id })
    .from(exchangeApiKeys)
    .where(
      and(
        eq(exchangeApiKeys.memberId, memberId),
        eq(exchangeApiKeys.exchange, body.exchange),
        eq(exchangeApiKeys.account, account),
      ),
    );
  if (sameAccount) {
    throw new AppError(ErrorCode.conflict, ApiKeyError.accountTaken, {
      field: body.accountType === 'sub' ? 'subAccountName' : 'accountType',
    });
  }
  const [sameKey] = await db
    .select({ id: exchangeApiKeys.id })
    .from(exchangeApiKeys)
    .where(
      and(eq(exchangeApiKeys.exchange, body.exchange), eq(exchangeApiKeys.apiKey, body.apiKey)),
    );
  if (sameKey) throw new AppError(ErrorCode.conflict, ApiKeyError.keyTaken, { field: 'apiKey' });
}

/** POST /api/v1/user/ApiKey */
export async function importApiKey(
  deps: ApiKeyDeps & { auth: AuthDeps; outbox: Outbox },
  memberId: number,
  body: ImportApiKeyBody,
): Promise<ApiKey> {
  const member = await loadMember(deps.db, memberId);
  await confirmPassword(deps.auth, member, body.password);
  await verifyCurrentFactor(deps.auth, member, body.code, 'code');
  const account = accountOf(body.accountType, body.subAccountName);
  await refuseTaken(deps.db, memberId, body, account);

  const verdict = await verdictOf(deps.exchange, { apiKey: body.apiKey, secret: body.secret });
  if (verdict.status === 'unreachable') {
    throw new AppError(ErrorCode.internal, ApiKeyError.exchangeUnavailable, null, 502);
  }
  if (verdict.status === 'incorrect') {
    throw verdict.problem === 'permissions'
      ? new AppError(ErrorCode.badRequest, ApiKeyError.permissions, { field: 'apiKey' })
      : new AppError(ErrorCode.badRequest, ApiKeyError.rejected, { field: 'secret' });
  }

  const now = deps.clock.now();
  let row: Row | undefined;
  try {
    [row] = await deps.db
      .insert(exchangeApiKeys)
      .values({
        memberId,
        exchange: body.exchange,
        name: body.name,
        apiKey: body.apiKey,
        secretSealed: encryptAtRest(
          deps.dataKey,
          body.secret,
          sealContext(memberId, body.exchange, body.apiKey),
        ),
        accountType: body.accountType,
        subAccountName: body.accountType === 'sub' ? (body.subAccountName ?? null) : null,
        account,
        status: 'correct',
        problem: null,
        lastSyncAt: now,
        lastCheckedAt: now,
        createdAt: now,
      })
      .returning();
  } catch (error) {
    // imported at the same moment by a concurrent request: answer as the checks above would
    if (isUniqueViolation(error)) await refuseTaken(deps.db, memberId, body, account);
    throw error;
  }
  if (!row) throw new Error('api key not saved');

  const link = `${deps.auth.config.appOrigin}/security`;
  const subject = 'An exchange API key was added to your account';
  await deps.outbox.send({
    channel: 'email',
    to: member.email,
    subject,
    body:
      `${subject}: "${row.name}" (${row.exchange}, ${row.accountType === 'sub' ? `sub-account ${row.subAccountName}` : 'main account'}, key ${maskApiKey(row.apiKey)}).\n` +
      `When: ${formatUtc8(now)}\n` +
      `If this was you, nothing needs doing. If it was not, delete the key on the exchange at ` +
      `once, change your password and review your API keys: ${link}`,
    link,
  });
  return view(deps.db, row);
}

/** Check one stored key on the exchange and record the outcome. */
export async function recheckApiKey(deps: ApiKeyDeps, row: Row): Promise<Row> {
  let verdict: Verdict;
  try {
    verdict = await verdictOf(deps.exchange, credentialsOf(deps, row));
  } catch (error) {
    // a secret that no longer opens (DATA_KEY changed) is as good as a wrong one
    verdict = { status: 'incorrect', problem: 'rejected', error: (error as Error).message };
  }
  const now = deps.clock.now();
  const changes =
    verdict.status === 'correct'
      ? { status: 'correct' as const, problem: null, lastSyncAt: now, lastError: null }
      : verdict.status === 'incorrect'
        ? {
            status: 'incorrect' as const,
            problem: verdict.problem,
            lastError: verdict.error.slice(0, 500),
          }
        : { lastError: verdict.error.slice(0, 500) };
  const [updated] = await deps.db
    .update(exchangeApiKeys)
    .set({ ...changes, lastCheckedAt: now })
    .where(eq(exchangeApiKeys.id, row.id))
    .returning();
  if (verdict.status === 'unreachable') {
    throw new AppError(ErrorCode.internal, ApiKeyError.exchangeUnavailable, null, 502);
  }
  return updated ?? row;
}

/** PUT /api/v1/user/ApiKey */
export async function checkApiKey(deps: ApiKeyDeps, memberId: number, id: number): Promise<ApiKey> {
  const row = await findRow(deps.db, memberId, id);
  return view(deps.db, await recheckApiKey(deps, row));
}

/** DELETE /api/v1/user/ApiKey: answers the remaining keys. */
export async function deleteApiKey(db: Db, memberId: number, id: number): Promise<ApiKeyList> {
  const row = await findRow(db, memberId, id);
  const users = await apiKeyUsers(db, row.id);
  if (users.length > 0) {
    throw new AppError(ErrorCode.conflict, ApiKeyError.inUse, { field: 'id', usedBy: users });
  }
  await db
    .delete(exchangeApiKeys)
    .where(and(eq(exchangeApiKeys.id, row.id), eq(exchangeApiKeys.memberId, memberId)));
  return listApiKeys(db, memberId);
}

export const API_KEY_HEALTH_TASK = 'exchange-api-keys';
/** how often each key is checked by the job */
export const API_KEY_CHECK_INTERVAL_MS = 60 * 60_000;
/** keys checked per job run (one at a time: each is a request to the exchange) */
const CHECKS_PER_RUN = 20;

/**
 * The `exchange-api-keys` job: checks the keys not checked for an hour, oldest first, at most
 * 20 a run (outside any transaction: each check is a request). Answers how many it checked.
 */
export async function checkDueApiKeys(deps: ApiKeyDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(lt(exchangeApiKeys.lastCheckedAt, new Date(now.getTime() - API_KEY_CHECK_INTERVAL_MS)))
    .orderBy(asc(exchangeApiKeys.lastCheckedAt), asc(exchangeApiKeys.id))
    .limit(CHECKS_PER_RUN);
  let checked = 0;
  for (const row of due) {
    try {
      await recheckApiKey(deps, row);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // the exchange did not answer: the check time moved, the next run tries again later
    }
    checked += 1;
  }
  return checked;
}
