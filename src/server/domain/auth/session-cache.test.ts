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

  it('read: requests that miss together share one read; a revocation meanwhile sends them to read again', async () => {
    const cache = new SessionCache(fakeDatabase());
    await cache.start();
    let revoked: Date | null = null;
    let reads = 0;
    /** the first two reads wait until released; the others answer at once */
    const gates: Array<() => void> = [];
    const load = async () => {
      reads += 1;
      const answer = session('a', revoked); // the row as this read saw it
      if (reads <= 2) await new Promise<void>((resolve) => gates.push(resolve));
      return answer;
    };
    const together = Array.from({ length: 32 }, () => cache.read(1, load));
    gates[0]!();
    const answers = await Promise.all(together);
    expect(answers.every((s) => s?.familyId === 'a' && s.revokedAt === null)).toBe(true);
    expect(reads).toBe(1);

    cache.dropFamilies(['other']); // empties nothing of session 1 but...
    cache.dropFamilies(['a']); // ...this does
    const first = cache.read(1, load); // read 2: sees the live row, waits
    const joined = cache.read(1, load); // joins read 2
    revoked = new Date(); // the family is revoked, and the revocation announced
    cache.dropFamilies(['a']);
    const after = cache.read(1, load); // read 3: its own, not read 2
    gates[1]!();
    expect((await first)?.revokedAt).toBeNull(); // its own read, begun before: as it was
    expect((await joined)?.revokedAt).toEqual(revoked); // read 4, after read 2 answered
    expect((await after)?.revokedAt).toEqual(revoked);
    expect(reads).toBe(4);
    expect(cache.get(1)).toBeUndefined(); // nothing revoked or stale kept
    await cache.close();
  });

  it('read: a session used near its 30 s bound is answered and read again behind it', async () => {
    let now = 0;
    const cache = new SessionCache(fakeDatabase(), undefined, () => now);
    await cache.start();
    let reads = 0;
    const load = async () => {
      reads += 1;
      return session(`f${reads}`);
    };
    expect((await cache.read(1, load))?.familyId).toBe('f1');
    now = 26_000;
    const both = await Promise.all([cache.read(1, load), cache.read(1, load)]);
    expect(both.map((s) => s?.familyId)).toEqual(['f1', 'f1']);
    expect(reads).toBe(2);
    now = 31_000;
    expect((await cache.read(1, load))?.familyId).toBe('f2');
    expect(reads).toBe(2);
    await cache.close();
  });
});
