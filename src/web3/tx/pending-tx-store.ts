import type { Address, Hash } from 'viem';
import * as z from 'zod/mini';
import { create } from 'zustand';
import {
  createMemoryStorage,
  localStorageOrNull,
  type KeyValueStorage,
} from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * Transactions sent but not yet confirmed, kept in localStorage so a reload (or a closed tab)
 * does not lose them: `useTxFlow` resumes the entry of its action key and waits for the receipt.
 *
 * One entry per action key (`loyalty.stake`, `loyalty.withdraw.3`, ...). Written as soon as the
 * wallet returns the hash, moved to the replacement's hash when the wallet speeds up or cancels
 * it, removed at Done / Failed / Cancelled. Entries older than a day are dropped on read.
 *
 * Two tabs share the storage: every change reads the stored list, changes it and writes it back
 * in the same synchronous step (never from this tab's possibly stale copy), and a `storage`
 * event from another tab refreshes the copy subscribers see.
 */

export interface PendingTx {
  /** The action key of `useTxFlow`. */
  key: string;
  hash: Hash;
  chainId: number;
  /** The sending account. */
  from: Address;
  /** ms since epoch, when the hash became known. */
  createdAt: number;
  /** The transaction's nonce, once read from the chain (helps to follow a replacement). */
  nonce?: number;
}

/** A pending transaction older than this is forgotten (it will not be resumed). */
export const PENDING_TX_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const hexString = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/));
const pendingTxSchema = z.object({
  key: z.string().check(z.minLength(1)),
  hash: hexString,
  chainId: z.number().check(z.int(), z.positive()),
  from: hexString,
  createdAt: z.number(),
  nonce: z.optional(z.number().check(z.int(), z.nonnegative())),
});

type Entries = Record<string, PendingTx>;

let fallbackStorage: KeyValueStorage | undefined;

function storage(): KeyValueStorage {
  const real = localStorageOrNull();
  if (real) return real;
  fallbackStorage ??= createMemoryStorage();
  return fallbackStorage;
}

/** Reads the stored entries: malformed ones and ones older than a day are left out. */
function readEntries(now = Date.now()): Entries {
  let raw: string | null;
  try {
    raw = storage().getItem(STORAGE_KEYS.pendingTransactions);
  } catch {
    return {};
  }
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entries: Entries = {};
  for (const [key, value] of Object.entries(parsed)) {
    const result = pendingTxSchema.safeParse(value);
    if (!result.success || result.data.key !== key) continue;
    if (now - result.data.createdAt > PENDING_TX_MAX_AGE_MS || result.data.createdAt > now + 60_000)
      continue;
    entries[key] = result.data as PendingTx;
  }
  return entries;
}

function writeEntries(entries: Entries): void {
  try {
    if (Object.keys(entries).length === 0) storage().removeItem(STORAGE_KEYS.pendingTransactions);
    else storage().setItem(STORAGE_KEYS.pendingTransactions, JSON.stringify(entries));
  } catch {
    // Storage full or unavailable: the transaction is still followed while this page lives.
  }
}

interface PendingTxState {
  /** A copy of the stored entries for subscribers; the storage is the truth. */
  entries: Entries;
  /** Stores (or replaces) the pending transaction of `entry.key`. */
  put: (entry: PendingTx) => void;
  /**
   * Changes the entry of `key` only while it still holds `hash` (another tab may have sent a
   * newer transaction for the same action in between).
   */
  patch: (key: string, hash: Hash, change: Partial<Omit<PendingTx, 'key'>>) => void;
  /** Removes the entry of `key` if it holds `hash` (or any hash when none is given). */
  remove: (key: string, hash?: Hash) => void;
  /** Re-reads the storage (after another tab changed it). */
  refresh: () => void;
}

export const usePendingTxStore = create<PendingTxState>()((set) => {
  /** Read-modify-write in one synchronous step, from the storage, never from the copy. */
  function update(change: (entries: Entries) => Entries | undefined) {
    const current = readEntries();
    const next = change(current);
    if (next) writeEntries(next);
    set({ entries: next ?? current });
  }

  return {
    entries: {},
    put: (entry) => update((entries) => ({ ...entries, [entry.key]: entry })),
    patch: (key, hash, change) =>
      update((entries) => {
        const entry = entries[key];
        if (!entry || entry.hash.toLowerCase() !== hash.toLowerCase()) return undefined;
        return { ...entries, [key]: { ...entry, ...change, key } };
      }),
    remove: (key, hash) =>
      update((entries) => {
        const entry = entries[key];
        if (!entry) return undefined;
        if (hash && entry.hash.toLowerCase() !== hash.toLowerCase()) return undefined;
        const { [key]: _removed, ...rest } = entries;
        return rest;
      }),
    refresh: () => set({ entries: readEntries() }),
  };
});

/** The stored pending transaction of `key`, read from the storage (not from a stale copy). */
export function readPendingTx(key: string): PendingTx | undefined {
  return readEntries()[key];
}

/**
 * The entry `useTxFlow` should resume for `key`: one sent from `account` on `chainId`. An entry
 * of another chain is stale (the app's chain changed) and is removed; one of another account is
 * left for when that account connects again.
 */
export function pendingTxToResume(
  key: string,
  chainId: number,
  account: Address,
): PendingTx | undefined {
  const entry = readPendingTx(key);
  if (!entry) return undefined;
  if (entry.chainId !== chainId) {
    usePendingTxStore.getState().remove(key, entry.hash);
    return undefined;
  }
  if (entry.from.toLowerCase() !== account.toLowerCase()) return undefined;
  return entry;
}

// Another tab wrote the list: refresh the copy subscribers see.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.pendingTransactions)
      usePendingTxStore.getState().refresh();
  });
}
