import { describe, expect, it } from 'vitest';
import { chainNow, countdownParts, unstakeRequestState } from './countdown';

const DAY = 86_400;

describe('unstake countdown on chain time', () => {
  it('chain time is the latest block time plus the browser time passed since it arrived', () => {
    const anchor = { blockTime: 1_700_000_000, receivedAt: 5_000_000 };
    expect(chainNow(anchor, 5_000_000)).toBe(1_700_000_000);
    expect(chainNow(anchor, 5_004_999)).toBe(1_700_000_004);
    // a browser clock behind the moment the block arrived never moves chain time back
    expect(chainNow(anchor, 4_000_000)).toBe(1_700_000_000);
  });

  it('ignores the browser clock itself: only the block time and the elapsed time count', () => {
    // the block says 2030, the browser thinks it is 1970 + a bit: the countdown follows the block
    const blockTime = 1_900_000_000;
    const anchor = { blockTime, receivedAt: 1_000 };
    const unlockAt = BigInt(blockTime + 14 * DAY);
    expect(countdownParts(unlockAt, chainNow(anchor, 1_000 + 5_000))).toEqual({
      days: 13,
      time: '23:59:55',
    });
  });

  it('formats days + HH:MM:SS and stops at zero', () => {
    expect(countdownParts(100n + BigInt(DAY * 2 + 3600 + 61), 100)).toEqual({
      days: 2,
      time: '01:01:01',
    });
    expect(countdownParts(100n, 100)).toEqual({ days: 0, time: '00:00:00' });
    expect(countdownParts(100n, 500)).toEqual({ days: 0, time: '00:00:00' });
  });

  it('a request is locked until chain time reaches unlockAt, then unlocked; withdrawn wins', () => {
    const request = { unlockAt: 1_000n, withdrawn: false };
    expect(unstakeRequestState(request, 999)).toBe('locked');
    expect(unstakeRequestState(request, 1_000)).toBe('unlocked');
    expect(unstakeRequestState(request, undefined)).toBe('locked');
    expect(unstakeRequestState({ ...request, withdrawn: true }, 2_000)).toBe('withdrawn');
  });
});
