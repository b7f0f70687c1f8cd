import { describe, expect, it } from 'vitest';
import { defaultBlockSeconds, evmConfirmationSeconds } from './deposit-rules';

describe('evmConfirmationSeconds', () => {
  it('derives the deposit time from the confirmations, the block time and the scheduler poll', () => {
    // Ethereum with the spec’s 20 confirmations, 12 s slots and a 15 s poll: shown as 4 to 9 minutes
    expect(evmConfirmationSeconds(20, 12, 15_000)).toEqual({ min: 240, max: 495 });
    // the dev chain: 1 confirmation of 2 s, 1 s poll: seconds, not minutes
    expect(evmConfirmationSeconds(1, 2, 1000)).toEqual({ min: 2, max: 5 });
    // a poll that is not a whole second rounds up
    expect(evmConfirmationSeconds(3, 2, 1500)).toEqual({ min: 6, max: 14 });
  });

  it('takes 2 s blocks on the local chain and Ethereum’s 12 s elsewhere', () => {
    expect(defaultBlockSeconds(31337)).toBe(2);
    expect(defaultBlockSeconds(1)).toBe(12);
    expect(defaultBlockSeconds(11155111)).toBe(12);
  });
});
