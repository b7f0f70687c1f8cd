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
