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
