import { AuthError } from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { AppError } from '../../errors';
import type { AuthDeps } from './context';
import type { MemberRow } from './members';
import { verifyPassword } from './passwords';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './throttle';

/**
 * Re-authentication for the changes that could keep someone else in the account: linking a
 * wallet, turning on or changing two-step verification, adding a withdrawal address (and any
 * future change of the e-mail or mobile). A session alone is not enough: the member types the
 * password again, and the current second factor when one is on.
 *
 * Wrong passwords are counted per member in the login throttle's table (bucket `r:<member>`,
 * the same growing delay and hourly cap as logins), so a stolen session cannot guess the
 * password; while delayed the answer is `login_delayed` (429, data.retryAfter).
 */
function reauthKey(memberId: number): string {
  return `r:${memberId}`;
}

/** Throws `invalid_credentials` (field `password`) or `login_delayed`; callers then ask the factor. */
export async function confirmPassword(
  deps: AuthDeps,
  member: Pick<MemberRow, 'id' | 'passwordHash'>,
  password: string,
  field = 'password',
): Promise<void> {
  const key = reauthKey(member.id);
  await assertLoginAllowed(deps, key);
  if (!(await verifyPassword(member.passwordHash, password))) {
    await recordLoginFailure(deps, key);
    throw new AppError(ErrorCode.badRequest, AuthError.invalidCredentials, { field });
  }
  await clearLoginFailures(deps, key);
}
