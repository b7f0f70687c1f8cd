import { describe, expect, it } from 'vitest';
import { TestClock } from './clock';
import { createScheduler, type TaskGuard, type TaskLeaseBatch } from './scheduler';

/**
 * Leases of two processes on one table, in memory: `holders` maps a task to its holder, and
 * every call is recorded so a test can tell how many round trips a tick made.
 */
function leaseTable() {
  const holders = new Map<string, string>();
  const calls: string[] = [];
  const forProcess = (holder: string): { guard: TaskGuard; batch: TaskLeaseBatch } => ({
    guard: async (name, work) => {
      calls.push(`${holder} take ${name}`);
      if (holders.has(name)) return { ran: false };
      holders.set(name, holder);
      try {
        return { ran: true, result: await work() };
      } finally {
        calls.push(`${holder} release ${name}`);
        holders.delete(name);
      }
    },
    batch: {
      take: async (names) => {
        calls.push(`${holder} take ${names.join(',')}`);
        const taken = names.filter((name) => !holders.has(name));
        for (const name of taken) holders.set(name, holder);
        return new Set(taken);
      },
      release: async (names) => {
        calls.push(`${holder} release ${names.join(',')}`);
        for (const name of names) if (holders.get(name) === holder) holders.delete(name);
      },
    },
  });
  return { holders, calls, forProcess };
}

const log = { info: () => {}, error: () => {} };

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('scheduler tick under leases taken together', () => {
  it('takes every lease in one call, runs the tasks in order and gives them back in one call', async () => {
    const table = leaseTable();
    const ran: string[] = [];
    const scheduler = createScheduler({
      clock: new TestClock('2025-03-01T00:00:00Z'),
      log,
      pollMs: 1000,
      ...table.forProcess('A'),
    });
    for (const name of ['a', 'b', 'c'])
      scheduler.register({ name, run: async () => void ran.push(name) });
    await scheduler.tick();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(table.calls).toEqual(['A take a,b,c', 'A release a,b,c']);
    expect(table.holders.size).toBe(0);
  });

  it('skips a task whose lease another process holds, without counting a failure', async () => {
    const table = leaseTable();
    table.holders.set('b', 'B');
    const ran: string[] = [];
    const errors: object[] = [];
    const scheduler = createScheduler({
      clock: new TestClock('2025-03-01T00:00:00Z'),
      log: { info: () => {}, error: (obj) => void errors.push(obj) },
      pollMs: 1000,
      ...table.forProcess('A'),
    });
    for (const name of ['a', 'b', 'c'])
      scheduler.register({ name, run: async () => void ran.push(name) });
    await scheduler.tick();
    expect(ran).toEqual(['a', 'c']);
    expect(errors).toEqual([]);
    expect(table.holders).toEqual(new Map([['b', 'B']]));
  });

  it('a failing task is logged and the tick goes on; every lease is given back', async () => {
    const table = leaseTable();
    const errors: object[] = [];
    const ran: string[] = [];
    const scheduler = createScheduler({
      clock: new TestClock('2025-03-01T00:00:00Z'),
      log: { info: () => {}, error: (obj) => void errors.push(obj) },
      pollMs: 1000,
      ...table.forProcess('A'),
    });
    scheduler.register({
      name: 'broken',
      run: async () => {
        throw new Error('boom');
      },
    });
    scheduler.register({ name: 'after', run: async () => void ran.push('after') });
    await scheduler.tick();
    expect(errors).toEqual([{ task: 'broken', err: 'boom' }]);
    expect(ran).toEqual(['after']);
    expect(table.holders.size).toBe(0);
  });

  it('a long tick hands back the finished and waiting tasks, so another process can run them meanwhile', async () => {
    const table = leaseTable();
    const clock = new TestClock('2025-03-01T00:00:00Z');
    const long = gate();
    const started = gate();
    const ranA: string[] = [];
    const ranB: string[] = [];
    const a = createScheduler({
      clock,
      log,
      pollMs: 1000,
      batchWindowMs: 20,
      ...table.forProcess('A'),
    });
    const b = createScheduler({ clock, log, pollMs: 1000, ...table.forProcess('B') });
    a.register({ name: 'first', run: async () => void ranA.push('first') });
    a.register({
      name: 'long',
      run: async () => {
        ranA.push('long');
        started.open();
        await long.opened;
      },
    });
    a.register({ name: 'last', run: async () => void ranA.push('last') });
    for (const name of ['first', 'long', 'last'])
      b.register({ name, run: async () => void ranB.push(name) });

    const tickA = a.tick();
    await started.opened;
    // past the window: A keeps only the lease of the task it is running
    await expect.poll(() => [...table.holders]).toEqual([['long', 'A']]);
    await b.tick();
    expect(ranB).toEqual(['first', 'last']);
    long.open();
    await tickA;
    // after the window A takes each remaining lease on its own, like a tick without batching
    expect(ranA).toEqual(['first', 'long', 'last']);
    expect(table.calls.slice(-2)).toEqual(['A take last', 'A release last']);
    expect(table.holders.size).toBe(0);
  });

  it('a database that refuses the batch falls back to one lease per task', async () => {
    const table = leaseTable();
    const ran: string[] = [];
    const { guard } = table.forProcess('A');
    const scheduler = createScheduler({
      clock: new TestClock('2025-03-01T00:00:00Z'),
      log,
      pollMs: 1000,
      guard,
      batch: {
        take: () => Promise.reject(new Error('connection refused')),
        release: () => Promise.resolve(),
      },
    });
    for (const name of ['a', 'b'])
      scheduler.register({ name, run: async () => void ran.push(name) });
    await scheduler.tick();
    expect(ran).toEqual(['a', 'b']);
    expect(table.calls).toEqual(['A take a', 'A release a', 'A take b', 'A release b']);
  });
});

describe('a job with everyMs (due only as the clock passes dates)', () => {
  function setup() {
    const table = leaseTable();
    const clock = new TestClock('2025-03-01T00:00:00Z');
    const runs: { name: string; at: string }[] = [];
    let failNext = false;
    const scheduler = createScheduler({ clock, log, pollMs: 1000, ...table.forProcess('A') });
    scheduler.register({
      name: 'every-tick',
      run: async (now) => runs.push({ name: 'every-tick', at: now.toISOString() }),
    });
    scheduler.register({
      name: 'monthly',
      everyMs: 60_000,
      run: async (now) => {
        if (failNext) {
          failNext = false;
          throw new Error('database refused');
        }
        runs.push({ name: 'monthly', at: now.toISOString() });
      },
    });
    const count = (name: string) => runs.filter((run) => run.name === name).length;
    return { table, clock, scheduler, count, failAtNextRun: () => (failNext = true) };
  }

  it('runs at most once per everyMs of the clock, and takes no lease for it in between', async () => {
    const { table, clock, scheduler, count } = setup();
    await scheduler.tick();
    clock.advance(30_000);
    await scheduler.tick();
    await scheduler.tick();
    expect(count('every-tick')).toBe(3);
    expect(count('monthly')).toBe(1);
    expect(table.calls.slice(-2)).toEqual(['A take every-tick', 'A release every-tick']);
    clock.advance(30_000);
    await scheduler.tick();
    expect(count('monthly')).toBe(2);
  });

  it('is due at once when the clock is moved on by days, or moved back', async () => {
    const { clock, scheduler, count } = setup();
    await scheduler.tick();
    clock.advance(14 * 24 * 3600_000);
    await scheduler.tick();
    expect(count('monthly')).toBe(2);
    clock.advance(-24 * 3600_000);
    await scheduler.tick();
    expect(count('monthly')).toBe(3);
  });

  it('a failed run is tried again at the next tick; runTask always runs it', async () => {
    const { scheduler, count, failAtNextRun } = setup();
    failAtNextRun();
    await scheduler.tick();
    expect(count('monthly')).toBe(0);
    await scheduler.tick();
    expect(count('monthly')).toBe(1);
    await scheduler.runTask('monthly');
    await scheduler.runTask('monthly');
    expect(count('monthly')).toBe(3);
  });
});
