import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database';
import { SharedLoads } from './shared-loads';

/**
 * The live sessions this process has checked, so an authenticated request does not read its
 * session from the database every time. What keeps a logout effective at once:
 *
 * - every revocation (`revokeFamilies` in sessions.ts) drops the families from this process's
 *   cache before it answers, and sends `NOTIFY session_revoked` with their ids in the same
 *   database, which every API process on it (each LISTENing) applies to its own cache;
 * - a read that began before a revocation is not stored (a generation counter), so a lookup
 *   racing a logout cannot put the ended session back;
 * - only while the LISTEN subscription is up is anything cached: when it drops (a PostgreSQL
 *   restart) the cache empties and every request reads the database until it is back;
 * - an entry lives at most `TTL_MS`, a bound should a notification ever be missed.
 *
 * Requests of one session that miss together share one read (`read`): a member's app sends
 * several at once, and when an entry ends under load they would all read the database at the
 * same moment. A request takes a shared read's answer only if no revocation came in since the
 * read began; and a request on an entry nearing `TTL_MS` is answered from it while the session
 * is read again behind it, so a session in constant use does not miss at each bound.
 *
 * Expiry (`absoluteExpiresAt`) is checked on every use against the server clock.
 */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';
const TTL_MS = 30_000;
/** a request on an entry older than this also reads the session again (see `read`) */
const REFRESH_AFTER_MS = 25_000;
const MAX_ENTRIES = 10_000;
/** NOTIFY payloads are limited to 8,000 bytes: ids (uuids, 36 characters) go in chunks. */
const IDS_PER_NOTIFY = 100;
const RESUBSCRIBE_MS = 5_000;

/**
 * Tells every API process on the database that these families ended (each drops them from its
 * cache). Sent by every revocation, also one made without a running API (the operator CLI on
 * PostgreSQL).
 */
export async function notifySessionsRevoked(db: Db, familyIds: readonly string[]): Promise<void> {
  for (let i = 0; i < familyIds.length; i += IDS_PER_NOTIFY) {
    const payload = familyIds.slice(i, i + IDS_PER_NOTIFY).join(',');
    await db.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${payload})`);
  }
}

export interface CachedSession {
  memberId: number;
  familyId: string;
  revokedAt: Date | null;
  absoluteExpiresAt: Date;
  deviceRowId: number | null;
  clientId: string;
}

export class SessionCache {
  private readonly entries = new Map<number, { session: CachedSession; storedAt: number }>();
  /** reads under way by session id, which requests of that session may join (see `read`) */
  private readonly loads = new SharedLoads<number, CachedSession | undefined>();
  private generation = 0;
  private subscribed = false;
  private unsubscribe: (() => Promise<void>) | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly log?: FastifyBaseLogger,
    private readonly realNow: () => number = () => performance.now(),
  ) {}

  /** Starts listening; caching begins once the subscription is up. */
  async start(): Promise<void> {
    if (this.closed) return;
    try {
      this.unsubscribe = await this.database.listen(
        SESSION_REVOKED_CHANNEL,
        (payload) => this.dropFamilies(payload.split(',').filter(Boolean)),
        () => this.lost(),
      );
      // a read that began unsubscribed may have missed a revocation: not stored
      this.generation += 1;
      this.subscribed = true;
    } catch (error) {
      this.log?.warn({ err: error }, 'session revocations: LISTEN failed; sessions not cached');
      this.scheduleRetry();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribed = false;
    this.entries.clear();
    this.loads.clear();
    clearTimeout(this.retry);
    await this.unsubscribe?.().catch(() => undefined);
  }

  /** A marker taken before reading a session from the database (see `store`). */
  mark(): number {
    return this.generation;
  }

  get(sessionId: number): CachedSession | undefined {
    return this.validEntry(sessionId)?.session;
  }

  /** The session's entry, if younger than `TTL_MS` (an older one is dropped). */
  private validEntry(sessionId: number) {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.realNow() - entry.storedAt > TTL_MS) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /**
   * The session from the cache, else from a read of it under way (begun since the last
   * revocation), else from `load` (kept while live, unless a revocation came in meanwhile).
   */
  async read(
    sessionId: number,
    load: () => Promise<CachedSession | undefined>,
  ): Promise<CachedSession | undefined> {
    const cached = this.validEntry(sessionId);
    const joined = this.loads.get(sessionId);
    if (cached) {
      if (this.realNow() - cached.storedAt > REFRESH_AFTER_MS && !joined) {
        void this.load(sessionId, load).catch((error: unknown) => {
          this.log?.warn({ err: error }, 'sessions: reading a session again failed');
        });
      }
      return cached.session;
    }
    if (joined && this.subscribed) {
      const session = await joined.loading;
      if (joined.mark === this.generation) return session;
    }
    return this.load(sessionId, load);
  }

  private async load(
    sessionId: number,
    load: () => Promise<CachedSession | undefined>,
  ): Promise<CachedSession | undefined> {
    const mark = this.mark();
    const session = await this.loads.run(sessionId, mark, 0, this.subscribed, load);
    if (session) this.store(sessionId, session, mark);
    return session;
  }

  /** Keeps a live session read since `mark`, unless a revocation came in between. */
  store(sessionId: number, session: CachedSession, mark: number): void {
    if (!this.subscribed || mark !== this.generation || session.revokedAt) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { session, storedAt: this.realNow() });
  }

  /** Forgets the sessions of these families (revoked here or in another process). */
  dropFamilies(familyIds: readonly string[]): void {
    this.generation += 1;
    this.loads.clear(); // reads begun before it may hold an ended session
    const ended = new Set(familyIds);
    for (const [sessionId, entry] of this.entries) {
      if (ended.has(entry.session.familyId)) this.entries.delete(sessionId);
    }
  }

  private lost(): void {
    this.subscribed = false;
    this.generation += 1;
    this.entries.clear();
    this.loads.clear();
    this.unsubscribe = undefined;
    this.log?.warn('session revocations: LISTEN connection lost; sessions not cached meanwhile');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void this.start(), RESUBSCRIBE_MS);
    this.retry.unref();
  }
}
