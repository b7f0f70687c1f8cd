/**
 * Unstake countdowns run on chain time: a request unlocks when a block's timestamp reaches its
 * `unlockAt`, whatever the browser's clock says (it can be wrong, and the local chain's time can
 * be moved forward in tests). Chain time = the latest block's timestamp plus the browser time
 * that has passed since that block arrived.
 */

export interface ChainTimeAnchor {
  /** The latest block's timestamp (unix seconds). */
  blockTime: number;
  /** When the browser received that block (ms since the epoch, browser clock). */
  receivedAt: number;
}

/** Chain time (unix seconds) at browser time `nowMs`. */
export function chainNow(anchor: ChainTimeAnchor, nowMs: number): number {
  return anchor.blockTime + Math.max(0, Math.floor((nowMs - anchor.receivedAt) / 1000));
}

export type UnstakeRequestState = 'locked' | 'unlocked' | 'withdrawn';

/** Locked until chain time reaches `unlockAt`; without a chain time yet, still locked. */
export function unstakeRequestState(
  request: { unlockAt: bigint; withdrawn: boolean },
  chainTime: number | undefined,
): UnstakeRequestState {
  if (request.withdrawn) return 'withdrawn';
  if (chainTime !== undefined && BigInt(chainTime) >= request.unlockAt) return 'unlocked';
  return 'locked';
}

export interface CountdownParts {
  days: number;
  /** "HH:MM:SS" */
  time: string;
}

/** Seconds left until `unlockAt` at `chainTime` as days + HH:MM:SS (zero once unlocked). */
export function countdownParts(unlockAt: bigint, chainTime: number): CountdownParts {
  const left = Math.max(0, Number(unlockAt - BigInt(chainTime)));
  const days = Math.floor(left / 86_400);
  const rest = left % 86_400;
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return { days, time };
}
