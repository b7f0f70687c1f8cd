import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaUnsolvableError, solveChallenge } from './solve-challenge';

function makeChallenge(number: number, maxnumber = 5_000) {
  const salt = 'c0ffee?expires=1700000000';
  return {
    algorithm: 'SHA-256' as const,
    challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
    salt,
    signature: 'server-hmac',
    maxnumber,
  };
}

describe('captcha solver', () => {
  it('finds the number whose sha256(salt + number) is the challenge, with WebCrypto', async () => {
    const challenge = makeChallenge(1_234);
    const progress: number[] = [];
    const solution = await solveChallenge(challenge, {
      batchSize: 100,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(solution).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      salt: challenge.salt,
      signature: 'server-hmac',
      number: 1_234,
    });
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(10); // one report per batch of 100
    for (let i = 1; i < progress.length; i += 1)
      expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]!);
  });

  it('accepts upper-case hex and finds 0 and maxnumber itself', async () => {
    const low = makeChallenge(0, 10);
    await expect(
      solveChallenge({ ...low, challenge: low.challenge.toUpperCase() }),
    ).resolves.toMatchObject({ number: 0 });
    await expect(solveChallenge(makeChallenge(10, 10), { batchSize: 3 })).resolves.toMatchObject({
      number: 10,
    });
  });

  it('yields to the page between batches', async () => {
    const yieldToUi = vi.fn(async () => {});
    await solveChallenge(makeChallenge(250, 1_000), { batchSize: 100, yieldToUi });
    expect(yieldToUi).toHaveBeenCalledTimes(2); // batches 0-99 and 100-199 were searched before
  });

  it('stops when cancelled, without finishing the search', async () => {
    const controller = new AbortController();
    const digest = vi.fn((data: Uint8Array<ArrayBuffer>) => crypto.subtle.digest('SHA-256', data));
    const promise = solveChallenge(makeChallenge(4_999), {
      batchSize: 100,
      signal: controller.signal,
      digest,
      yieldToUi: async () => {
        controller.abort(new DOMException('cancelled', 'AbortError'));
      },
    });
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(digest).toHaveBeenCalledTimes(100);
  });

  it('gives up when no number up to maxnumber matches', async () => {
    await expect(solveChallenge(makeChallenge(50, 20), { batchSize: 7 })).rejects.toBeInstanceOf(
      CaptchaUnsolvableError,
    );
    await expect(
      solveChallenge({ ...makeChallenge(1, 5), challenge: 'not-hex' }),
    ).rejects.toBeInstanceOf(CaptchaUnsolvableError);
  });
});
