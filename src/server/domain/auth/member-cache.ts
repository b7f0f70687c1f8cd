import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { SharedLoads } from './shared-loads';

/**
 * A member's frequent reads (getMemberInfo's summary, WalletInfo's balances) as this process
 * last answered them, so a repeated read does not query the database. What keeps them right:
 *
 * - the database announces every change of what they show: triggers (migrations 0029, 0031) on
 *   the members, KYC and premier applications, linked wallets, Alliance registrations and staking
 *   accounts send `NOTIFY member_changed` with the member's id, a change of the chain events
 *   (stakes, thresholds) or a truncation sends '*'; whoever writes (a route, a job, the operator
 *   CLI, another API process), it is announced at commit. The other ledger accounts (WalletInfo)
 *   are announced only on PGlite (`cacheWallets`): on PostgreSQL a NOTIFY serialises the commits
 *   of the transactions sending it (a cluster-wide lock), too dear for every ledger movement, so
 *   WalletInfo reads its one query there;
 * - every API process LISTENs and drops the member's entries. PGlite delivers the notification
 *   before the write's statement answers; on PostgreSQL the pool's connections LISTEN too
 *   (`listenOnPool`), so a write made by this process is applied before its COMMIT answers (the
 *   server sends a session its own notifications before it is ready for the next query), and one
 *   made elsewhere within milliseconds over the LISTEN connection;
 * - a read that began before a change is not stored (a generation counter), so a read racing a
 *   write cannot put the old answer back;
 * - only while the LISTEN subscription is up is anything cached: when it drops (a PostgreSQL
 *   restart) the cache empties and every read goes to the database until it is back;
 * - an entry lives at most `TTL_MS`, a bound should a notification ever be missed, and no longer
 *   than the server time it names as its end (a level that counts a cooling unstake request
 *   ends when the request unlocks).
 *
 * Reads of one member that miss together share one load (`read`): a member's app asks for both
 * summaries at once on every page, and when an entry ends under load every request in flight
 * for that member misses at the same moment. Unshared, PGlite (one connection) ran them one
 * after the other: 32 concurrent getMemberInfo misses answered in about 60 ms instead of 2. A
 * read joins a load only while the subscription is up and only a load begun after the member's
 * last change, the same freshness a stored entry has; when the member changes before the shared
 * load answers, the reads that joined it load again for themselves. And a read of an entry
 * nearing its `TTL_MS` answers from it and reloads it in the background, so a member read all
 * the time is not missed by everyone at once each time the bound comes round.
 */
export const MEMBER_CHANGED_CHANNEL = 'member_changed';
const TTL_MS = 30_000;
/** a read of an entry older than this also reloads it in the background (see `read`) */
const REFRESH_AFTER_MS = 25_000;
const MAX_ENTRIES = 10_000;
const RESUBSCRIBE_MS = 5_000;

export type MemberReadKind = 'summary' | 'wallet';

/** What a read's `load` answers: the value and, when it has one, the end of its validity. */
interface Loaded<T> {
  value: T;
  until?: Date | null;
}

interface Entry {
  value: unknown;
  storedAt: number;
  /** server time (ms) the value was read at and, when it has one, the end of its validity */
  readAt: number;
  until: number | null;
}

/** The pool of the PostgreSQL driver, as far as `listenOnPool` uses it. */
interface NotifyingPool {
  options: { onConnect?: (client: NotifyingClient) => Promise<void> | void };
  /** pg-pool keeps its clients here (not a public API): those connected before `listenOnPool` */
  _clients?: NotifyingClient[];
}
interface NotifyingClient {
  query(text: string): Promise<unknown>;
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string }) => void,
  ): unknown;
}

export class MemberReadCache {
  private readonly entries = new Map<MemberReadKind, Map<number, Entry>>([
    ['summary', new Map()],
    ['wallet', new Map()],
  ]);
  /** loads under way by member, which reads of that member may join (see `read`) */
  private readonly pending = new Map<MemberReadKind, SharedLoads<number, Loaded<unknown>>>([
    ['summary', new SharedLoads()],
    ['wallet', new SharedLoads()],
  ]);
  private generation = 0;
  /** reads marked before this generation are not stored (a change of every member) */
  private floor = 0;
  /** the generation of each member's last change */
  private readonly changedAt = new Map<number, number>();
  private subscribed = false;
  private unsubscribe: (() => Promise<void>) | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private wallets = false;

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
        MEMBER_CHANGED_CHANNEL,
        (payload) => this.changed(payload),
        () => this.lost(),
      );
      // a read that began unsubscribed may have missed a change: not stored
      this.generation += 1;
      this.floor = this.generation;
      this.subscribed = true;
    } catch (error) {
      this.log?.warn({ err: error }, 'member changes: LISTEN failed; member reads not cached');
      this.scheduleRetry();
    }
  }

  /**
   * PostgreSQL: every connection of the pool LISTENs as well, so the notification of a change
   * this process commits arrives on the committing connection before the COMMIT answers.
   */
  listenOnPool(pool: NotifyingPool): void {
    const subscribe = (client: NotifyingClient) => {
      client.on('notification', (message) => {
        if (message.channel === MEMBER_CHANGED_CHANNEL && !this.closed) {
          this.changed(message.payload ?? '*');
        }
      });
      return client.query(`listen ${MEMBER_CHANGED_CHANNEL}`);
    };
    // a new connection LISTENs before the pool hands it out (pg-pool awaits `onConnect`)
    const previous = pool.options.onConnect;
    pool.options.onConnect = async (client) => {
      await previous?.(client);
      await subscribe(client);
    };
    for (const client of pool._clients ?? []) void subscribe(client).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribed = false;
    for (const map of [...this.entries.values(), ...this.pending.values()]) map.clear();
    clearTimeout(this.retry);
    await this.unsubscribe?.().catch(() => undefined);
  }

  /**
   * Also cache WalletInfo: only where every ledger account's change is announced (PGlite, see
   * migration 0031; on PostgreSQL only staking accounts notify).
   */
  cacheWallets(): void {
    this.wallets = true;
  }

  get cachesWallets(): boolean {
    return this.wallets;
  }

  /** A marker taken before reading from the database (see `store`). */
  mark(): number {
    return this.generation;
  }

  /** The member's cached value, if still valid at server time `now`. */
  get<T>(kind: MemberReadKind, memberId: number, now: Date): T | undefined {
    return this.validEntry(kind, memberId, now)?.value as T | undefined;
  }

  /** The member's entry, if still valid at server time `now` (an ended one is dropped). */
  private validEntry(kind: MemberReadKind, memberId: number, now: Date): Entry | undefined {
    const map = this.entries.get(kind)!;
    const entry = map.get(memberId);
    if (!entry) return undefined;
    const at = now.getTime();
    if (
      this.realNow() - entry.storedAt > TTL_MS ||
      at < entry.readAt ||
      (entry.until !== null && at >= entry.until)
    ) {
      map.delete(memberId);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps a value read since `mark` at server time `readAt` (valid until `until`, if given),
   * unless the member changed in between.
   */
  store(
    kind: MemberReadKind,
    memberId: number,
    value: unknown,
    mark: number,
    readAt: Date,
    until: Date | null = null,
  ): void {
    if (!this.subscribed || !this.unchangedSince(memberId, mark)) return;
    const map = this.entries.get(kind)!;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(memberId, {
      value,
      storedAt: this.realNow(),
      readAt: readAt.getTime(),
      until: until ? until.getTime() : null,
    });
  }

  /** A notification: the member with this id changed, or '*': every member. */
  changed(payload: string): void {
    this.generation += 1;
    const memberId = Number(payload);
    if (payload === '*' || !Number.isSafeInteger(memberId)) {
      this.floor = this.generation;
      this.changedAt.clear();
      for (const map of [...this.entries.values(), ...this.pending.values()]) map.clear();
      return;
    }
    if (this.changedAt.size >= MAX_ENTRIES) {
      this.changedAt.clear();
      this.floor = this.generation;
    }
    this.changedAt.set(memberId, this.generation);
    for (const map of [...this.entries.values(), ...this.pending.values()]) map.delete(memberId);
  }

  /** No change of the member (or of every member) was announced since generation `mark`. */
  private unchangedSince(memberId: number, mark: number): boolean {
    return mark >= this.floor && (this.changedAt.get(memberId) ?? 0) <= mark;
  }

  /**
   * The member's value from the cache, else from a load of it already under way (begun since
   * the member's last change, at a server time not after `now`), else from `load` (stored unless
   * the member changed meanwhile). A shared load's failure is each joined read's failure.
   */
  async read<T>(
    kind: MemberReadKind,
    memberId: number,
    now: Date,
    load: () => Promise<Loaded<T>>,
  ): Promise<T> {
    const cached = this.validEntry(kind, memberId, now);
    const joined = this.pending.get(kind)!.get(memberId);
    if (cached) {
      if (this.realNow() - cached.storedAt > REFRESH_AFTER_MS && !joined) {
        void this.load(kind, memberId, now, load).catch((error: unknown) => {
          this.log?.warn({ err: error }, 'member reads: reloading an entry failed');
        });
      }
      return cached.value as T;
    }
    const at = now.getTime();
    if (joined && this.subscribed && at >= joined.at) {
      const { value, until } = (await joined.loading) as Loaded<T>;
      const stillValid = !until || at < until.getTime();
      if (this.unchangedSince(memberId, joined.mark) && stillValid) return value;
    }
    return this.load(kind, memberId, now, load);
  }

  /** Loads the member's value, stores it unless the member changed meanwhile, and answers it. */
  private async load<T>(
    kind: MemberReadKind,
    memberId: number,
    now: Date,
    load: () => Promise<Loaded<T>>,
  ): Promise<T> {
    const mark = this.mark();
    const loads = this.pending.get(kind)! as SharedLoads<number, Loaded<T>>;
    const { value, until } = await loads.run(memberId, mark, now.getTime(), this.subscribed, load);
    this.store(kind, memberId, value, mark, now, until ?? null);
    return value;
  }

  private lost(): void {
    this.subscribed = false;
    this.changed('*');
    this.unsubscribe = undefined;
    this.log?.warn('member changes: LISTEN connection lost; member reads not cached meanwhile');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void this.start(), RESUBSCRIBE_MS);
    this.retry.unref();
  }
}
