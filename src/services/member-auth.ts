import * as z from 'zod/mini';
import {
  activationResultSchema,
  addUserTypeResultSchema,
  AuthError,
  delayedUntil,
  authorizeLoginDeviceResultSchema,
  captchaChallengeSchema,
  confirmWalletLoginResultSchema,
  forgotPwdResultSchema,
  loginResultSchema,
  logoutResultSchema,
  memberSummarySchema,
  registerResultSchema,
  registerValidationResultSchema,
  resetPwdResultSchema,
  sendCodeResultSchema,
  type activationBodySchema,
  type CaptchaChallenge,
  type CaptchaSolution,
  type LoginResult,
  type MemberSummary,
  type RegisterResult,
  type SendCodeResult,
  type registerBodySchema,
  type registerValidationQuerySchema,
  type resetPwdBodySchema,
} from '../shared/api/auth';
import { deviceHeaders, rememberDeviceToken } from './device';
import { ApiError, request } from './http-client';
import { clearLoginInfo, getLoginInfo, setLoginInfo, type LoginInfo } from './session';
import { notifyLoginInfo } from './session-events';

/**
 * Identity calls of the member service (spec sections 4, 5 and 7; contract
 * `src/shared/api/auth.ts`): captcha, registration, contact verification, login, device
 * authorisation, logout, the Investor role, password recovery and the member summary.
 *
 * Calls made without a session (register, verification, login, recovery) are guest calls.
 * Register and login send the device headers (`device.ts`). Calls that consume something a
 * replay must not repeat are `retry: false`.
 *
 * The stored login info (`session.ts`) is written here after a login and cleared on logout;
 * `session-events.ts` tells the shell when it changes (in this tab or another one).
 */

export type RegisterBody = z.input<typeof registerBodySchema>;
export type RegisterValidationQuery = z.input<typeof registerValidationQuerySchema>;
export type RegisterValidationResult = z.infer<typeof registerValidationResultSchema>;
export type ActivationBody = z.input<typeof activationBodySchema>;
export type ActivationResult = z.infer<typeof activationResultSchema>;
export type ResetPwdBody = z.input<typeof resetPwdBodySchema>;
export type ResetPwdResult = z.infer<typeof resetPwdResultSchema>;
export type { CaptchaChallenge, CaptchaSolution, LoginResult, RegisterResult, SendCodeResult };

/** Step 1 (e-mail, password, captcha) or step 2 (ticket and code) of POST /member/login. */
export type LoginRequest =
  | { step: 1; email: string; password: string; captcha: CaptchaSolution }
  | { step: 2; ticket: string; google2FAToken: string };

/** GET /member/geetest/initialize: a proof-of-work challenge (ALTCHA format). */
export function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return request({
    service: 'member',
    path: '/geetest/initialize',
    schema: captchaChallengeSchema,
    guest: true,
    signal,
  });
}

/** POST /member/register (device type 3). The e-mail and SMS codes are sent with it. */
export function register(body: RegisterBody): Promise<RegisterResult> {
  return request({
    service: 'member',
    path: '/register',
    method: 'POST',
    body,
    schema: registerResultSchema,
    guest: true,
    headers: deviceHeaders('register'),
  });
}

/** GET /member/registerValidation?field=...&value=... (referral code or e-mail). */
export function registerValidation(
  query: RegisterValidationQuery,
  signal?: AbortSignal,
): Promise<RegisterValidationResult> {
  return request({
    service: 'member',
    path: '/registerValidation',
    query: { field: query.field, value: query.value },
    schema: registerValidationResultSchema,
    guest: true,
    signal,
  });
}

/** POST /member/sendVerifyEmailCode: a new e-mail code for the account `userName` (its e-mail). */
export function sendVerifyEmailCode(body: { userName: string }): Promise<SendCodeResult> {
  return request({
    service: 'member',
    path: '/sendVerifyEmailCode',
    method: 'POST',
    body,
    schema: sendCodeResultSchema,
    guest: true,
  });
}

/** POST /member/sendVerifySmsCode: a new SMS code to the account's stored mobile. */
export function sendVerifySmsCode(body: { userName: string }): Promise<SendCodeResult> {
  return request({
    service: 'member',
    path: '/sendVerifySmsCode',
    method: 'POST',
    body,
    schema: sendCodeResultSchema,
    guest: true,
  });
}

/** PUT /member/activation: confirms the e-mail or the mobile with its 6-digit code. */
export function activation(body: ActivationBody): Promise<ActivationResult> {
  return request({
    service: 'member',
    path: '/activation',
    method: 'PUT',
    body,
    schema: activationResultSchema,
    guest: true,
    retry: false,
  });
}

/**
 * POST /member/login (device type 13) with grant_type password and source 0. Step 2 finishes a
 * login (password or wallet) that asked for the second factor: its ticket and the code.
 */
export function login(input: LoginRequest): Promise<LoginResult> {
  const body =
    input.step === 1
      ? {
          email: input.email,
          password: input.password,
          grant_type: 'password' as const,
          source: 0 as const,
          step: 1 as const,
          captcha: input.captcha,
        }
      : {
          grant_type: 'password' as const,
          source: 0 as const,
          step: 2 as const,
          ticket: input.ticket,
          google2FAToken: input.google2FAToken,
        };
  return request({
    service: 'member',
    path: '/login',
    method: 'POST',
    body,
    schema: loginResultSchema,
    guest: true,
    retry: false,
    headers: deviceHeaders('login'),
  }).then(keepDeviceToken);
}

/** A login answer's device token is kept for the next wallet sign-in. */
export function keepDeviceToken(result: LoginResult): LoginResult {
  if (result.result !== 'second_factor') rememberDeviceToken(result.deviceToken);
  return result;
}

/**
 * POST /member/authorizeLoginDevice with the token of the e-mailed link. Sent with this
 * browser's device headers: the link authorises the device it is opened on.
 */
export async function authorizeLoginDevice(token: string): Promise<void> {
  await request({
    service: 'member',
    path: '/authorizeLoginDevice',
    method: 'POST',
    body: { token },
    schema: authorizeLoginDeviceResultSchema,
    guest: true,
    retry: false,
    headers: deviceHeaders('login'),
  });
}

/**
 * POST /member/logout: ends this session on the server. An expired access token is refreshed and
 * the call replayed (so the session really ends); if that fails the session is gone anyway.
 */
export async function logout(): Promise<void> {
  await request({
    service: 'member',
    path: '/logout',
    method: 'POST',
    schema: logoutResultSchema,
  });
}

/** POST /member/addUserType: adds the Investor role (2); answers the new role bits. */
export async function addUserType(): Promise<{ roleId: number }> {
  return request({
    service: 'member',
    path: '/addUserType',
    method: 'POST',
    body: { userType: 2 },
    schema: addUserTypeResultSchema,
  });
}

/** POST /member/forgotPwd: the same answer whether or not the e-mail has an account. */
export async function forgotPwd(body: { email: string; captcha: CaptchaSolution }): Promise<void> {
  await request({
    service: 'member',
    path: '/forgotPwd',
    method: 'POST',
    body,
    schema: forgotPwdResultSchema,
    guest: true,
  });
}

/**
 * POST /member/resetPwd with the token of the e-mailed link (single use, 30 minutes) and the
 * member's choice for the wallets (unlink them, the default, or keep them with wallet sign-in
 * paused until the e-mailed confirmation).
 */
export function resetPwd(body: ResetPwdBody): Promise<ResetPwdResult> {
  return request({
    service: 'member',
    path: '/resetPwd',
    method: 'POST',
    body,
    schema: resetPwdResultSchema,
    guest: true,
    retry: false,
  });
}

/** POST /member/confirmWalletLogin: the link e-mailed by a reset that kept the wallets. */
export async function confirmWalletLogin(token: string): Promise<void> {
  await request({
    service: 'member',
    path: '/confirmWalletLogin',
    method: 'POST',
    body: { token },
    schema: confirmWalletLoginResultSchema,
    guest: true,
    retry: false,
  });
}

/** POST /member/ico/getMemberInfo: the logged-in member's summary. */
export function getMemberInfo(): Promise<MemberSummary> {
  return request({
    service: 'member',
    path: '/ico/getMemberInfo',
    method: 'POST',
    schema: memberSummarySchema,
  });
}

// ---- refusals ----

const loginDelaySchema = z.object({ retryAfter: z.number().check(z.minimum(0)) });

/**
 * Seconds to wait when a login was refused with `login_delayed` (data `{ retryAfter }`), else
 * null. A delay without a readable number waits a minute.
 */
export function loginDelaySeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.message !== AuthError.loginDelayed) return null;
  const parsed = loginDelaySchema.safeParse(error.data);
  return parsed.success ? Math.ceil(parsed.data.retryAfter) : 60;
}

/** When a `login_delayed` refusal says the wait ends (shared/api/auth `delayedUntil`), else null. */
export function loginRetryAt(error: unknown): Date | null {
  if (!(error instanceof ApiError) || error.message !== AuthError.loginDelayed) return null;
  return delayedUntil(error.data);
}

// ---- the stored login info ----

type LoginSuccess = Extract<LoginResult, { result: 'success' }>;

/** Stores a successful login: token, refresh token, expiry and the member fields. */
export function storeLoginSession(result: Pick<LoginSuccess, 'session' | 'member'>): LoginInfo {
  const info: LoginInfo = {
    ...result.member,
    token: result.session.token,
    refreshToken: result.session.refreshToken,
    expiredTime: result.session.expiredTime,
  };
  setLoginInfo(info);
  notifyLoginInfo();
  return info;
}

/** Merges member fields into the stored login info (no-op when logged out). */
export function updateStoredMember(fields: Partial<MemberSummary>): void {
  const info = getLoginInfo();
  if (!info) return;
  setLoginInfo({ ...info, ...fields });
  notifyLoginInfo();
}

/** Forgets the session in this browser. */
export function clearLoginSession(): void {
  clearLoginInfo();
  notifyLoginInfo();
}

/**
 * Logout: ends the session on the server (a failure is ignored: the browser forgets it anyway),
 * then clears the stored login info. The caller clears cached member data and goes to Landing.
 */
export async function logoutSession(): Promise<void> {
  if (getLoginInfo()) {
    try {
      await logout();
    } catch {
      // ignored: the session is forgotten here regardless
    }
  }
  clearLoginSession();
}
