import type { Hash } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import {
  PENDING_TX_MAX_AGE_MS,
  pendingTxToResume,
  readPendingTx,
  usePendingTxStore,
  type PendingTx,
} from './pending-tx-store';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;
const entry = (key: string, n: number, extra: Partial<PendingTx> = {}): PendingTx => ({
  key,
  hash: hash(n),
  chainId: 31337,
  from: ACCOUNT,
  createdAt: Date.now(),
  ...extra,
});
const stored = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.pendingTransactions) ?? '{}') as Record<
    string,
    PendingTx
  >;
const store = () => usePendingTxStore.getState();

beforeEach(() => store().refresh());
afterEach(() => vi.useRealTimers());

describe('pending transaction store', () => {
  it('keeps one entry per action key in localStorage, and removes it', () => {
    store().put(entry('loyalty.stake', 1));
    store().put(entry('loyalty.withdraw.3', 2));
    expect(Object.keys(stored())).toEqual(['loyalty.stake', 'loyalty.withdraw.3']);
    expect(store().entries['loyalty.stake']?.hash).toBe(hash(1));

    store().remove('loyalty.stake');
    expect(Object.keys(stored())).toEqual(['loyalty.withdraw.3']);
    store().remove('loyalty.withdraw.3');
    expect(localStorage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull();
  });

  it('removes or patches an entry only while it still holds the given hash', () => {
    store().put(entry('loyalty.stake', 1));
    store().remove('loyalty.stake', hash(9));
    expect(readPendingTx('loyalty.stake')?.hash).toBe(hash(1));
    store().patch('loyalty.stake', hash(9), { hash: hash(10) });
    expect(readPendingTx('loyalty.stake')?.hash).toBe(hash(1));
    // the replacement moves the entry to the new hash
    store().patch('loyalty.stake', hash(1), { hash: hash(2), nonce: 4 });
    expect(readPendingTx('loyalty.stake')).toMatchObject({ hash: hash(2), nonce: 4 });
    store().remove('loyalty.stake', hash(2));
    expect(readPendingTx('loyalty.stake')).toBeUndefined();
  });

  it('does not lose what another tab wrote in between (read-modify-write from the storage)', () => {
    store().put(entry('loyalty.stake', 1));
    // another tab, with its own copy, adds an entry
    const other = { ...stored(), 'vault.deposit': entry('vault.deposit', 7) };
    localStorage.setItem(STORAGE_KEYS.pendingTransactions, JSON.stringify(other));
    // this tab's copy is stale, but its next write keeps the other tab's entry
    expect(store().entries['vault.deposit']).toBeUndefined();
    store().put(entry('loyalty.withdraw.1', 2));
    expect(Object.keys(stored()).sort()).toEqual([
      'loyalty.stake',
      'loyalty.withdraw.1',
      'vault.deposit',
    ]);
    store().remove('loyalty.stake');
    expect(Object.keys(stored()).sort()).toEqual(['loyalty.withdraw.1', 'vault.deposit']);
  });

  it("refreshes its copy on another tab's storage event", () => {
    localStorage.setItem(
      STORAGE_KEYS.pendingTransactions,
      JSON.stringify({ 'vault.deposit': entry('vault.deposit', 7) }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.pendingTransactions }));
    expect(store().entries['vault.deposit']?.hash).toBe(hash(7));
  });

  it('drops entries older than a day and malformed ones', () => {
    vi.useFakeTimers({ now: new Date('2024-05-01T00:00:00Z') });
    store().put(entry('old', 1, { createdAt: Date.now() - PENDING_TX_MAX_AGE_MS - 1 }));
    store().put(entry('fresh', 2, { createdAt: Date.now() - PENDING_TX_MAX_AGE_MS + 1000 }));
    expect(Object.keys(stored())).toEqual(['fresh']);

    localStorage.setItem(
      STORAGE_KEYS.pendingTransactions,
      JSON.stringify({
        fresh: stored().fresh,
        bad: { key: 'bad', hash: 'nope', chainId: 1, from: ACCOUNT, createdAt: Date.now() },
        mismatch: entry('other', 3),
      }),
    );
    expect(readPendingTx('bad')).toBeUndefined();
    expect(readPendingTx('mismatch')).toBeUndefined();
    expect(readPendingTx('fresh')?.hash).toBe(hash(2));
    localStorage.setItem(STORAGE_KEYS.pendingTransactions, '{not json');
    expect(readPendingTx('fresh')).toBeUndefined();
    store().put(entry('next', 4));
    expect(Object.keys(stored())).toEqual(['next']);

    vi.setSystemTime(Date.now() + PENDING_TX_MAX_AGE_MS + 1);
    expect(readPendingTx('next')).toBeUndefined();
  });

  it('resumes only an entry of this account on this chain; prunes another chain', () => {
    store().put(entry('mine', 1));
    store().put(entry('theirs', 2, { from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }));
    store().put(entry('elsewhere', 3, { chainId: 1 }));
    expect(pendingTxToResume('mine', 31337, ACCOUNT.toLowerCase() as never)?.hash).toBe(hash(1));
    expect(pendingTxToResume('theirs', 31337, ACCOUNT)).toBeUndefined();
    expect(pendingTxToResume('elsewhere', 31337, ACCOUNT)).toBeUndefined();
    expect(Object.keys(stored()).sort()).toEqual(['mine', 'theirs']);
  });
});
