import { create } from 'zustand';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';

/**
 * After a staking transaction the server's chain indexer needs a moment before the member's
 * loyalty status shows it. Until then the status query polls: every 2 s, for at most 60 s after
 * the transaction was Done, and no longer once `indexedBlock` reaches the receipt's block.
 * Shared by every status query observer (the page, the panel, the Account page).
 */
export const STATUS_INDEX_POLL_MS = 2_000;
export const STATUS_INDEX_MAX_WAIT_MS = 60_000;

export interface StatusIndexWait {
  /** The status is current once its `indexedBlock` is at least this block. */
  block: bigint;
  /** ms since the epoch after which polling gives up. */
  until: number;
}

interface StatusIndexWaitState {
  wait: StatusIndexWait | null;
  /** Wait for `block` (the highest block asked for wins); the 60 s start again. */
  start: (block: bigint, now?: number) => void;
  stop: () => void;
}

export const useStatusIndexWait = create<StatusIndexWaitState>()((set, get) => ({
  wait: null,
  start: (block, now = Date.now()) => {
    const current = get().wait;
    const highest = current && current.block > block ? current.block : block;
    set({ wait: { block: highest, until: now + STATUS_INDEX_MAX_WAIT_MS } });
  },
  stop: () => set({ wait: null }),
}));

/** Asks the status query to poll until the server has indexed `block` (a receipt's block). */
export function waitForIndexedStatus(block: bigint): void {
  useStatusIndexWait.getState().start(block);
}

/** The server's indexer has reached `block` in this status answer. */
export function isStatusIndexed(status: LoyaltyStatus | undefined, block: bigint): boolean {
  if (!status) return false;
  try {
    return BigInt(status.indexedBlock) >= block;
  } catch {
    return false;
  }
}

/** Polling continues while the answer is behind the block and the time is not up. */
export function keepsPolling(
  status: LoyaltyStatus | undefined,
  wait: StatusIndexWait,
  now: number,
): boolean {
  return now < wait.until && !isStatusIndexed(status, wait.block);
}
