import type { FastifyBaseLogger } from 'fastify';
import { eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';

/**
 * A `@fastify/rate-limit` store backed by the `rate_limits` table, so every API process on
 * one PostgreSQL database shares the counters (ARCHITECTURE "Past one machine"). Fixed
 * windows: the first hit opens a window of `timeWindow` ms; hits within it count up; the
 * first hit after it opens a new one. Each hit is one atomic upsert. Time comes from the
 * server clock. Expired rows are deleted at most once a minute.
 */

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

  function cleanup(now: Date) {
    if (now.getTime() - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = now.getTime();
    db.delete(rateLimits)
      .where(lt(rateLimits.resetAt, now))
      .catch((error: unknown) => log?.warn({ err: error }, 'rate-limit cleanup failed'));
  }

  return class DbRateLimitStore {
    constructor(
      _globalOptions?: unknown,
      private readonly scope = 'global',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + timeWindow);
      const rowKey = `${this.scope}|${key}`;
      const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
      db.insert(rateLimits)
        .values({ key: rowKey, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
        .then(([row]) => {
          if (!row) throw new Error('rate-limit upsert returned no row');
          callback(null, {
            current: row.hits,
            ttl: Math.max(0, row.resetAt.getTime() - now.getTime()),
          });
          cleanup(now);
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
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
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
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
      return new DbRateLimitStore(undefined, scope);
    }
  };
}
