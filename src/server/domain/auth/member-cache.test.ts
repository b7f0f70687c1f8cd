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
});
