/**
 * The one source of time for server code. Domain code never calls `new Date()` or
 * `Date.now()`; it asks the clock, so tests (and the dev clock control, later) can move time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock that only moves when told to. */
export class TestClock implements Clock {
  private current: number;

  constructor(start: Date | string | number = '2025-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
    if (Number.isNaN(this.current))
      throw new Error(`TestClock: invalid start time ${String(start)}`);
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): Date {
    this.current += ms;
    return this.now();
  }

  set(time: Date | string | number): Date {
    const next = new Date(time).getTime();
    if (Number.isNaN(next)) throw new Error(`TestClock: invalid time ${String(time)}`);
    this.current = next;
    return this.now();
  }
}

/** A clock that can be moved forward (the dev clock route, `POST /dev/clock/advance`). */
export interface AdjustableClock extends Clock {
  advance(ms: number): Date;
}

export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

/**
 * Development and test: system time plus an offset that only grows (`advance`), so a running
 * stack can jump over a 14-day cooldown. The offset lives in memory: a restarted API starts at
 * system time again. Never used in production (start.ts picks systemClock there).
 */
export class OffsetClock implements AdjustableClock {
  private offsetMs = 0;

  constructor(private readonly system: () => number = Date.now) {}

  now(): Date {
    return new Date(this.system() + this.offsetMs);
  }

  advance(ms: number): Date {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`OffsetClock: cannot advance by ${ms}`);
    this.offsetMs += ms;
    return this.now();
  }

  /** how far ahead of system time this clock runs, in ms */
  get offset(): number {
    return this.offsetMs;
  }
}
