import type { CaptchaChallenge, CaptchaSolution } from '../../../shared/api/auth';

/**
 * Browser solver of the self-hosted proof-of-work captcha (ALTCHA format, from
 * `GET /member/geetest/initialize`): find `number` in [0, maxnumber] with
 * hex(sha256(salt + number)) = challenge. Hashes run through WebCrypto in parallel batches; after
 * each batch the solver yields to the event loop (the page stays responsive), reports progress
 * and stops if its signal was aborted.
 */

export interface SolveOptions {
  signal?: AbortSignal;
  /** Fraction of the search space done, 0..1 (the answer is usually found well before 1). */
  onProgress?: (fraction: number) => void;
  /** Hashes per batch (default 500). */
  batchSize?: number;
  /** SHA-256 (default `crypto.subtle.digest`). */
  digest?: (data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>;
  /** Lets the page breathe between batches (default: a macrotask). */
  yieldToUi?: () => Promise<void>;
}

/** The challenge has no answer within maxnumber (or is not a SHA-256 hex digest). */
export class CaptchaUnsolvableError extends Error {
  override readonly name = 'CaptchaUnsolvableError';
}

const defaultDigest = (data: Uint8Array<ArrayBuffer>) => crypto.subtle.digest('SHA-256', data);
const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let index = 0; index < 32; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export async function solveChallenge(
  challenge: CaptchaChallenge,
  options: SolveOptions = {},
): Promise<CaptchaSolution> {
  const {
    signal,
    onProgress,
    batchSize = 500,
    digest = defaultDigest,
    yieldToUi = macrotask,
  } = options;
  const target = hexToBytes(challenge.challenge);
  if (!target || challenge.algorithm !== 'SHA-256') {
    throw new CaptchaUnsolvableError('Unsupported captcha challenge');
  }
  const encoder = new TextEncoder();
  const max = Math.max(0, challenge.maxnumber);
  onProgress?.(0);
  for (let start = 0; start <= max; start += batchSize) {
    if (signal?.aborted) throw abortError(signal);
    const end = Math.min(max, start + batchSize - 1);
    const numbers = Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
    const hashes = await Promise.all(
      numbers.map((number) => digest(encoder.encode(`${challenge.salt}${number}`))),
    );
    const found = hashes.findIndex((hash) => sameBytes(new Uint8Array(hash), target));
    if (found !== -1) {
      onProgress?.(1);
      return {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        salt: challenge.salt,
        signature: challenge.signature,
        number: numbers[found]!,
      };
    }
    onProgress?.(max === 0 ? 1 : (end + 1) / (max + 1));
    await yieldToUi();
  }
  throw new CaptchaUnsolvableError('No answer within maxnumber');
}
