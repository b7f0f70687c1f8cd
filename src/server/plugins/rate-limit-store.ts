import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

/**
 * A `@fastify/rate-limit` store backed by the `rate_limits` table, so every API process on
 * one PostgreSQL database shares the counters (ARCHITECTURE "Past one machine"). Fixed
 * windows: the first hit opens a window of `timeWindow` ms; hits within it count up; the
 * first hit after it opens a new one. Time comes from the server clock. Expired rows are
 * deleted at most once a minute.
 *
 * Strict limits (guessable secrets, logins, sends: a few per window) count each hit with one
 * atomic upsert, so every process sees every hit at once. Generous limits (at least
 * `BATCHED_FROM` per window: the global limit every route has, polling, the per-IP ceiling) are
 * met only by floods, and counting each hit there cost two database writes per request: they
 * count in this process and add their hits to the row in one upsert at most every `SYNC_MS` of
 * real time (the first hit of a window waits for it). A process's own hits are counted exactly;
 * another process's are seen within `SYNC_MS`, and a process that stops loses at most its last
 * `SYNC_MS` of unwritten hits. So with N processes a generous limit can be passed by at most what
 * the other N - 1 serve in `SYNC_MS`.
 */

/** Limits of at least this many hits per window are counted in batches (above). */
export const BATCHED_FROM = 600;
export const SYNC_MS = 1000;

/** Marks a limit's `max` function with its unscaled figure, so the store can tell how strict. */
export function withPerWindow<F extends object>(max: F, perWindow: number): F {
  return Object.assign(max, { perWindow });
}

interface LocalWindow {
  /** the window's end (server clock, ms) */
  resetAt: number;
  /** the row's hits as of the last upsert (this process's and the others') */
  shared: number;
  /** this process's hits since that upsert began */
  pending: number;
  /** performance.now() when that upsert began */
  syncedAt: number;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

interface ChildOptions {
  routeInfo?: RouteInfo;
  max?: unknown;
  timeWindow?: unknown;
}

const CLEANUP_INTERVAL_MS = 60_000;

export function createDbRateLimitStore(db: Db, clock: Clock, log?: FastifyBaseLogger) {
  let lastCleanup = 0;

  /** `upsert`: adds `add` hits to the row's window (opening a new one if it ended). */
  function upsert(rowKey: string, add: number, now: Date, timeWindow: number) {
    const resetAt = new Date(now.getTime() + timeWindow);
    const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
    return db
      .insert(rateLimits)
      .values({ key: rowKey, hits: add, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then ${add} else ${rateLimits.hits} + ${add} end`,
          resetAt: sql`case when ${expired} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
      .then(([row]) => {
        if (!row) throw new Error('rate-limit upsert returned no row');
        return row;
      });
  }

  /** Windows of the batched limits, by row key (expired ones dropped with the cleanup). */
  const local = new Map<string, LocalWindow>();

  function cleanup(now: Date) {
    if (now.getTime() - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = now.getTime();
    for (const [key, window] of local) if (window.resetAt <= now.getTime()) local.delete(key);
    db.delete(rateLimits)
      .where(lt(rateLimits.resetAt, now))
      .catch((error: unknown) => log?.warn({ err: error }, 'rate-limit cleanup failed'));
  }

  const failed = (callback: IncrCallback) => (error: unknown) =>
    callback(error instanceof Error ? error : new Error(String(error)));

  return class DbRateLimitStore {
    constructor(
      _globalOptions?: unknown,
      private readonly scope = 'global',
      private readonly batched = scope === 'global' || scope === 'ip-ceiling',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = clock.now();
      const rowKey = `${this.scope}|${key}`;
      if (!this.batched) {
        upsert(rowKey, 1, now, timeWindow)
          .then((row) => {
            callback(null, {
              current: row.hits,
              ttl: Math.max(0, row.resetAt.getTime() - now.getTime()),
            });
            cleanup(now);
          })
          .catch(failed(callback));
        return;
      }
      let window = local.get(rowKey);
      if (window && window.resetAt <= now.getTime()) window = undefined;
      if (window && performance.now() - window.syncedAt < SYNC_MS) {
        window.pending += 1;
        callback(null, {
          current: window.shared + window.pending,
          ttl: Math.max(0, window.resetAt - now.getTime()),
        });
        return;
      }
      // write this hit and the ones counted since the last upsert; hits meanwhile count locally
      const add = (window?.pending ?? 0) + 1;
      const current: LocalWindow = window ?? {
        resetAt: now.getTime() + timeWindow,
        shared: 0,
        pending: 0,
        syncedAt: 0,
      };
      current.pending = 0;
      current.syncedAt = performance.now();
      local.set(rowKey, current);
      upsert(rowKey, add, now, timeWindow)
        .then((row) => {
          current.shared = row.hits;
          current.resetAt = row.resetAt.getTime();
          callback(null, {
            current: current.shared + current.pending,
            ttl: Math.max(0, current.resetAt - now.getTime()),
          });
          cleanup(now);
        })
        .catch((error: unknown) => {
          // counted again from the table on the next hit
          if (local.get(rowKey) === current) local.delete(rowKey);
          failed(callback)(error);
        });
    }

    /** Non-mutating read (used by `createRateLimit()(req, { increment: false })`). */
    read(key: string, callback: IncrCallback): void {
      const now = clock.now();
      db.select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `${this.scope}|${key}`))
        .limit(1)
        .then(([row]) => {
          if (!row || row.resetAt.getTime() <= now.getTime())
            callback(null, { current: 0, ttl: 0 });
          else callback(null, { current: row.hits, ttl: row.resetAt.getTime() - now.getTime() });
        })
        .catch(failed(callback));
    }

    /** Per-route stores count separately: the scope is the route (or the limiter's settings). */
    child(routeOptions: object): DbRateLimitStore {
      // The plugin passes its merged limiter settings with `routeInfo` (typed as RouteOptions).
      const options = routeOptions as ChildOptions;
      const route = options.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      const scope = route?.url
        ? `${method ?? '*'} ${route.url}`
        : `custom:${String(options.max)}:${String(options.timeWindow)}`;
      const perWindow = (options.max as { perWindow?: unknown } | undefined)?.perWindow;
      return new DbRateLimitStore(
        undefined,
        scope,
        typeof perWindow === 'number' && perWindow >= BATCHED_FROM,
      );
    }
  };
}
