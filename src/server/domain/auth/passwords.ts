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

/**
 * Parameters for the integration suite only (tests/setup-integration.ts): argon2id at 1 MiB and
 * one pass, so the thousands of registrations and logins the suite makes do not spend its time
 * hashing. The code path is the same; only the cost differs. Never used by a server process:
 * `buildApp` cannot select it, and the registration test checks the production parameters.
 */
export const TEST_PASSWORD_HASH_PARAMS = {
  algorithm: 2,
  memoryCost: 1_024,
  timeCost: 1,
  parallelism: 1,
} as const satisfies Options;

let active: Options = PASSWORD_HASH_PARAMS;
let dummyHash: Promise<string> | undefined;

/** The parameters new hashes are made with (and the rehash check compares with). */
export function passwordHashParams(): Options {
  return active;
}

/** Sets the parameters of new hashes for this process (the test setup; see above). */
export function setPasswordHashParams(params: Options): void {
  active = params;
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, active);
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
      options.algorithm !== active.algorithm ||
      options.memoryCost !== active.memoryCost ||
      options.timeCost !== active.timeCost ||
      options.parallelism !== active.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * Verify against a fixed dummy hash, so a login for an unknown e-mail costs the same time as a
 * wrong password for a real one. Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
