import { hash, parseOptions, verify, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id at OWASP's minimum (m=19456 KiB, t=2, p=1). The only slow part of
 * the identity calls (tens of milliseconds, off the event loop).
 */
export const PASSWORD_HASH_PARAMS = {
  /** Algorithm.Argon2id (a const enum in the typings, so the value is spelled out) */
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_PARAMS);
}

/** False for a wrong password and for a malformed stored hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters (rehash after a good login). */
export function needsRehash(stored: string): boolean {
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== PASSWORD_HASH_PARAMS.algorithm ||
      options.memoryCost !== PASSWORD_HASH_PARAMS.memoryCost ||
      options.timeCost !== PASSWORD_HASH_PARAMS.timeCost ||
      options.parallelism !== PASSWORD_HASH_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verify against a fixed dummy hash, so a login for an unknown e-mail costs the same time as a
 * wrong password for a real one. Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
