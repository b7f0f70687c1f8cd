import { describe, expect, it } from 'vitest';
import { MemberReadCache } from './member-cache';

/** A database whose LISTEN the test controls: `notify` delivers, `lose()` drops it. */
function fakeDatabase() {
  const state = { notify: (_payload: string) => {}, lose: () => {} };
  return {
    state,
    listen: async (_channel: string, onMessage: (payload: string) => void, onLost: () => void) => {
      state.notify = onMessage;
      state.lose = onLost;
      return async () => {};
    },
  };
}

const at = (iso: string) => new Date(iso);
const T0 = at('2025-03-01T00:00:00Z');

describe('MemberReadCache', () => {
  it('caches only while subscribed; a change of the member drops both of its reads', async () => {
    const database = fakeDatabase();
    const cache = new MemberReadCache(database);
    cache.store('summary', 7, 'old', cache.mark(), T0);
    expect(cache.get('summary', 7, T0)).toBeUndefined(); // not listening yet
    await cache.start();
    cache.store('summary', 7, 's7', cache.mark(), T0);
    cache.store('wallet', 7, 'w7', cache.mark(), T0);
    cache.store('summary', 8, 's8', cache.mark(), T0);
    expect(cache.get('summary', 7, T0)).toBe('s7');
    database.state.notify('7');
    expect(cache.get('summary', 7, T0)).toBeUndefined();
    expect(cache.get('wallet', 7, T0)).toBeUndefined();
    expect(cache.get('summary', 8, T0)).toBe('s8');
    database.state.notify('*');
    expect(cache.get('summary', 8, T0)).toBeUndefined();
  });

  it('does not store a read that began before a change of its member or of every member', async () => {
    const database = fakeDatabase();
    const cache = new MemberReadCache(database);
    await cache.start();
    const before = cache.mark();
    database.state.notify('7');
    cache.store('summary', 7, 'stale', before, T0);
    expect(cache.get('summary', 7, T0)).toBeUndefined();
    cache.store('summary', 8, 'other member', before, T0);
    expect(cache.get('summary', 8, T0)).toBe('other member');
    const beforeAll = cache.mark();
    database.state.notify('*');
    cache.store('summary', 9, 'stale', beforeAll, T0);
    expect(cache.get('summary', 9, T0)).toBeUndefined();
    cache.store('summary', 7, 'fresh', cache.mark(), T0);
    expect(cache.get('summary', 7, T0)).toBe('fresh');
  });

  it('ends an entry at its own end time and when the server clock goes back', async () => {
    const cache = new MemberReadCache(fakeDatabase());
    await cache.start();
    cache.store('summary', 7, 'cooling', cache.mark(), T0, at('2025-03-15T00:00:00Z'));
    expect(cache.get('summary', 7, at('2025-03-14T23:59:59Z'))).toBe('cooling');
    expect(cache.get('summary', 7, at('2025-03-15T00:00:00Z'))).toBeUndefined();
    cache.store('wallet', 7, 'w', cache.mark(), T0);
    expect(cache.get('wallet', 7, at('2025-02-28T23:59:59Z'))).toBeUndefined();
  });

  it('lives at most 30 s of real time, a bound should a notification be missed', async () => {
    let real = 0;
    const cache = new MemberReadCache(fakeDatabase(), undefined, () => real);
    await cache.start();
    cache.store('wallet', 7, 'w', cache.mark(), T0);
    real = 29_000;
    expect(cache.get('wallet', 7, T0)).toBe('w');
    real = 30_001;
    expect(cache.get('wallet', 7, T0)).toBeUndefined();
  });

  it('empties when the LISTEN connection is lost and stores nothing read before it is back', async () => {
    const database = fakeDatabase();
    const cache = new MemberReadCache(database);
    await cache.start();
    cache.store('summary', 7, 's7', cache.mark(), T0);
    database.state.lose();
    expect(cache.get('summary', 7, T0)).toBeUndefined();
    const during = cache.mark();
    cache.store('summary', 7, 'unsubscribed', during, T0);
    expect(cache.get('summary', 7, T0)).toBeUndefined();
    await cache.start();
    // read while notifications could not arrive: not kept
    cache.store('summary', 7, 'unsubscribed', during, T0);
    expect(cache.get('summary', 7, T0)).toBeUndefined();
    cache.store('summary', 7, 'after', cache.mark(), T0);
    expect(cache.get('summary', 7, T0)).toBe('after');
    await cache.close();
  });

  it('read: loads once, then answers from the cache until the member changes', async () => {
    const database = fakeDatabase();
    const cache = new MemberReadCache(database);
    await cache.start();
    let loads = 0;
    const load = async () => ({ value: `v${++loads}` });
    expect(await cache.read('wallet', 7, T0, load)).toBe('v1');
    expect(await cache.read('wallet', 7, T0, load)).toBe('v1');
    database.state.notify('7');
    expect(await cache.read('wallet', 7, T0, load)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('read: reads of a member that miss together share one load', async () => {
    const cache = new MemberReadCache(fakeDatabase());
    await cache.start();
    const gate = deferred<void>();
    let loads = 0;
    const load = async () => {
      const n = ++loads;
      await gate.promise;
      return { value: `v${n}` };
    };
    const reads = Array.from({ length: 32 }, () => cache.read('summary', 7, T0, load));
    const otherMember = cache.read('summary', 8, T0, load);
    gate.resolve();
    expect(await Promise.all(reads)).toEqual(Array(32).fill('v1'));
    expect(await otherMember).toBe('v2');
    expect(loads).toBe(2);
  });

  it('read: a change during a shared load sends the reads that joined it to load again', async () => {
    const database = fakeDatabase();
    const cache = new MemberReadCache(database);
    await cache.start();
    const gates = [deferred<void>(), deferred<void>()];
    let loads = 0;
    const load = async () => {
      const n = loads++;
      await gates[Math.min(n, 1)]!.promise;
      return { value: `v${n + 1}` };
    };
    const first = cache.read('wallet', 7, T0, load);
    const joined = cache.read('wallet', 7, T0, load);
    database.state.notify('7'); // committed while the first load was reading
    const after = cache.read('wallet', 7, T0, load); // does not join the first load
    gates[0]!.resolve();
    gates[1]!.resolve();
    expect(await first).toBe('v1'); // its own read, begun before the change, as before
    expect(await joined).not.toBe('v1');
    expect(await after).not.toBe('v1');
    expect(loads).toBe(3);
    expect(cache.get('wallet', 7, T0)).toBeDefined(); // a post-change load was stored
  });

  it('read: shares nothing while not subscribed, and a shared failure fails every joined read', async () => {
    const cache = new MemberReadCache(fakeDatabase());
    let loads = 0;
    const load = async () => ({ value: `v${++loads}` });
    await Promise.all([cache.read('summary', 7, T0, load), cache.read('summary', 7, T0, load)]);
    expect(loads).toBe(2); // not listening: no freshness to promise, every read its own
    await cache.start();
    const failing = async () => {
      loads += 1;
      await Promise.resolve();
      throw new Error('database unavailable');
    };
    const reads = [cache.read('summary', 9, T0, failing), cache.read('summary', 9, T0, failing)];
    await expect(Promise.all(reads)).rejects.toThrow('database unavailable');
    await expect(reads[1]).rejects.toThrow('database unavailable');
    expect(loads).toBe(3);
    expect(await cache.read('summary', 9, T0, load)).toBe('v4'); // nothing left behind
  });

  it('read: an entry read near its 30 s bound answers and reloads in the background', async () => {
    let real = 0;
    const cache = new MemberReadCache(fakeDatabase(), undefined, () => real);
    await cache.start();
    let loads = 0;
    const load = async () => ({ value: `v${++loads}` });
    expect(await cache.read('summary', 7, T0, load)).toBe('v1');
    real = 20_000;
    expect(await cache.read('summary', 7, T0, load)).toBe('v1');
    expect(loads).toBe(1); // young: no reload
    real = 26_000;
    const reads = [cache.read('summary', 7, T0, load), cache.read('summary', 7, T0, load)];
    expect(await Promise.all(reads)).toEqual(['v1', 'v1']); // answered from the entry...
    expect(loads).toBe(2); // ...and reloaded once behind it
    real = 31_000; // past the first entry's bound: the reloaded one answers
    expect(await cache.read('summary', 7, T0, load)).toBe('v2');
    expect(loads).toBe(2);
  });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
