import { createHash, randomBytes, randomInt } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { CaptchaChallenge, CaptchaSolution } from '../../../shared/api/auth';
import { AuthError } from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { captchaSolutions } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthDeps, MINUTE } from './context';
import { hmacHex, safeEqual } from './crypto';

/**
 * Self-hosted proof-of-work captcha in the ALTCHA format (no third-party host). The server
 * picks a secret number n in [0, maxnumber] and a salt carrying the expiry
 * (`<hex>?expires=<unix seconds>`), publishes challenge = sha256(salt + n) and
 * signature = HMAC-SHA256(server key, challenge). The browser searches n; the server checks the
 * signature, the expiry, the hash and that the challenge was not used before (stored until it
 * expires, so it works across API processes).
 */
export const CAPTCHA_TTL_MS = 10 * MINUTE;

function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function createCaptchaChallenge(deps: AuthDeps): CaptchaChallenge {
  const maxnumber = deps.config.captchaMaxNumber;
  const expires = Math.floor((deps.clock.now().getTime() + CAPTCHA_TTL_MS) / 1000);
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const number = randomInt(0, maxnumber + 1);
  const challenge = sha256Hex(`${salt}${number}`);
  return {
    algorithm: 'SHA-256',
    challenge,
    salt,
    signature: hmacHex(deps.keys.captcha, challenge),
    maxnumber,
  };
}

/** Brute-force a challenge (tests, benchmark, e2e helpers do what the browser widget does). */
export function solveCaptchaChallenge(challenge: CaptchaChallenge): CaptchaSolution {
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    if (sha256Hex(`${challenge.salt}${number}`) === challenge.challenge) {
      return {
        algorithm: 'SHA-256',
        challenge: challenge.challenge,
        salt: challenge.salt,
        signature: challenge.signature,
        number,
      };
    }
  }
  throw new Error('captcha challenge has no solution');
}

function saltExpiry(salt: string): number | undefined {
  const query = salt.split('?')[1];
  if (!query) return undefined;
  const expires = new URLSearchParams(query).get('expires');
  if (!expires || !/^\d{1,12}$/.test(expires)) return undefined;
  return Number(expires) * 1000;
}

let lastCleanup = 0;

/** Verify and spend a solution; throws `captcha_invalid` (HTTP 400) otherwise. */
export async function verifyCaptcha(deps: AuthDeps, solution: CaptchaSolution | undefined) {
  const refuse = () =>
    new AppError(ErrorCode.badRequest, AuthError.captchaInvalid, { field: 'captcha' });
  if (!solution) throw refuse();
  const now = deps.clock.now();
  const expiresAt = saltExpiry(solution.salt);
  if (
    solution.algorithm !== 'SHA-256' ||
    !/^[0-9a-f]{64}$/.test(solution.challenge) ||
    !safeEqual(hmacHex(deps.keys.captcha, solution.challenge), solution.signature) ||
    expiresAt === undefined ||
    expiresAt <= now.getTime() ||
    expiresAt > now.getTime() + CAPTCHA_TTL_MS + MINUTE ||
    sha256Hex(`${solution.salt}${solution.number}`) !== solution.challenge
  ) {
    throw refuse();
  }
  const inserted = await deps.db
    .insert(captchaSolutions)
    .values({ challenge: solution.challenge, expiresAt: new Date(expiresAt) })
    .onConflictDoNothing()
    .returning({ challenge: captchaSolutions.challenge });
  if (inserted.length === 0) throw refuse();

  if (now.getTime() - lastCleanup > MINUTE) {
    lastCleanup = now.getTime();
    await deps.db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  }
}
