import { describe, expect, it } from 'vitest';
import { type CachedSession, SessionCache } from './session-cache';

const session = (familyId: string, revokedAt: Date | null = null): CachedSession => ({
  memberId: 7,
  familyId,
  revokedAt,
  absoluteExpiresAt: new Date('2030-01-01T00:00:00Z'),
  deviceRowId: 1,
  clientId: 'client',
});

/** A database whose LISTEN the test controls: `lose()` drops it, `fail` refuses it. */
function fakeDatabase() {
  const state = { lose: () => {}, fail: false, listens: 0 };
  return {
    state,
    listen: async (_channel: string, _onMessage: (payload: string) => void, onLost: () => void) => {
      state.listens += 1;
      if (state.fail) throw new Error('no connection');
      state.lose = onLost;
      return async () => {};
    },
  };
}

describe('SessionCache', () => {
  it('caches live sessions only while subscribed, and forgets revoked families', async () => {
    const database = fakeDatabase();
    const cache = new SessionCache(database);
    cache.store(1, session('a'), cache.mark());
    expect(cache.get(1)).toBeUndefined(); // not listening yet
    await cache.start();
    cache.store(1, session('a'), cache.mark());
    cache.store(2, session('b'), cache.mark());
    cache.store(3, session('c', new Date()), cache.mark());
    expect(cache.get(1)?.familyId).toBe('a');
    expect(cache.get(3)).toBeUndefined(); // a revoked session is never kept
    cache.dropFamilies(['a']);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)?.familyId).toBe('b');
    await cache.close();
  });

  it('does not keep a read that raced a revocation', async () => {
    const cache = new SessionCache(fakeDatabase());
    await cache.start();
    const mark = cache.mark();
    cache.dropFamilies(['a']); // a logout while the read was in flight
    cache.store(1, session('a'), mark);
    expect(cache.get(1)).toBeUndefined();
    await cache.close();
  });

  it('empties and stops caching when the subscription drops, and entries expire', async () => {
    const database = fakeDatabase();
    let now = 0;
    const cache = new SessionCache(database, undefined, () => now);
    await cache.start();
    cache.store(1, session('a'), cache.mark());
    database.state.lose();
    expect(cache.get(1)).toBeUndefined();
    cache.store(1, session('a'), cache.mark());
    expect(cache.get(1)).toBeUndefined();
    await cache.start();
    cache.store(1, session('a'), cache.mark());
    expect(cache.get(1)).toBeDefined();
    now += 30_001;
    expect(cache.get(1)).toBeUndefined();
    await cache.close();
  });

  it('does not keep a read that began while unsubscribed, a revocation may have been missed', async () => {
    const database = fakeDatabase();
    const cache = new SessionCache(database);
    const before = cache.mark();
    await cache.start();
    cache.store(1, session('a'), before);
    expect(cache.get(1)).toBeUndefined();
    database.state.lose();
    const during = cache.mark();
    await cache.start();
    cache.store(1, session('a'), during);
    expect(cache.get(1)).toBeUndefined();
    await cache.close();
  });

  it('caches nothing when LISTEN fails', async () => {
    const database = fakeDatabase();
    database.state.fail = true;
    const cache = new SessionCache(database);
    await cache.start();
    cache.store(1, session('a'), cache.mark());
    expect(cache.get(1)).toBeUndefined();
    await cache.close();
  });
});
