/**
 * Loads under way by key, for a cache whose reads of one key should share one database read
 * instead of each making its own when they miss together (member-cache.ts, session-cache.ts).
 * Whether a read may take a shared load's answer is the cache's rule: each load keeps the
 * cache's generation when it began (`mark`) and the server time of the read that began it.
 */
export interface SharedLoad<V> {
  mark: number;
  /** server time (ms) of the read that began it */
  at: number;
  loading: Promise<V>;
}

export class SharedLoads<K, V> {
  private readonly underWay = new Map<K, SharedLoad<V>>();

  /** The load of `key` under way, if any. */
  get(key: K): SharedLoad<V> | undefined {
    return this.underWay.get(key);
  }

  /**
   * Starts `load` for `key` and, when `share`, offers it to the reads that come while it runs
   * (`get`) until it settles.
   */
  run(key: K, mark: number, at: number, share: boolean, load: () => Promise<V>): Promise<V> {
    const mine: SharedLoad<V> = { mark, at, loading: load() };
    if (!share) return mine.loading;
    this.underWay.set(key, mine);
    const settled = () => {
      if (this.underWay.get(key) === mine) this.underWay.delete(key);
    };
    mine.loading.then(settled, settled);
    return mine.loading;
  }

  /** Offers no load of `key` any more (one begun before a change reads what is now old). */
  delete(key: K): void {
    this.underWay.delete(key);
  }

  clear(): void {
    this.underWay.clear();
  }
}
