/**
 * Identity and security calls of the member service (spec sections 4, 5, 7): registration,
 * contact verification, login, sessions, two-step verification, devices, passwords, captcha and
 * linked wallets. Paths are under `/member`. One source for the server's validation, the
 * browser's forms and the browser's response parsing.
 */
import * as z from 'zod/mini';
import { LOCALES } from '../constants/locales';
import { EMAIL_PATTERN } from './common';
import { PREMIER_STATES } from './kyc';
import { partnerCodeSchema } from './partner';
import {
  AccountMessage,
  CODE_PATTERN,
  MOBILE_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REFERRAL_CODE_PATTERN,
  USERNAME_MAX,
  normalizeMobile,
} from '../validation/account';

const int = () => z.number().check(z.int());
const email = () =>
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(254),
      z.regex(EMAIL_PATTERN, AccountMessage.emailFormat),
    );
/** The password rule of section 5 (the server never trims passwords). */
const password = () =>
  z
    .string()
    .check(
      z.minLength(PASSWORD_MIN, AccountMessage.password),
      z.maxLength(PASSWORD_MAX, AccountMessage.password),
      z.regex(/[A-Za-z]/, AccountMessage.password),
      z.regex(/\d/, AccountMessage.password),
    );
/** For login and current-password fields: any non-empty string up to a sane length. */
const anyPassword = () => z.string().check(z.minLength(1), z.maxLength(200));
/**
 * Re-authentication: the member's current password, asked again (besides the session) for every
 * change that could keep someone else in the account (linking a wallet, two-step changes, a new
 * withdrawal address). A wrong one is `invalid_credentials` with field `password`.
 */
export const reauthPasswordSchema = anyPassword;
const code = () => z.string().check(z.trim(), z.regex(CODE_PATTERN, AccountMessage.codeWrong));
const mobile = () =>
  z.pipe(
    z.string().check(z.maxLength(32)),
    z.pipe(
      z.transform((value: string) => normalizeMobile(value)),
      z
        .string()
        .check(
          z.minLength(1, AccountMessage.phoneBlank),
          z.regex(MOBILE_PATTERN, AccountMessage.mobileFormat),
        ),
    ),
  );
const opaqueToken = () => z.string().check(z.minLength(16), z.maxLength(512));

// ---------------------------------------------------------------------------------------------
// Request headers of login and register (spec section 7: client id, device type, device OS,
// device agent, position). Device type 13 on login and revoke, 3 on register.
export const DEVICE_HEADERS = {
  clientId: 'x-client-id',
  deviceType: 'x-device-type',
  deviceOs: 'x-device-os',
  deviceAgent: 'x-device-agent',
  position: 'x-device-position',
  /** the device token the server gave this browser (see loginResultSchema) */
  deviceToken: 'x-device-token',
} as const;
export const DEVICE_TYPE = { register: 3, login: 13 } as const;

// ---------------------------------------------------------------------------------------------
// Captcha: GET /member/geetest/initialize. A self-hosted proof-of-work challenge in the ALTCHA
// format: find `number` in [0, maxnumber] with sha256(salt + number) = challenge (hex).
export const captchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  signature: z.string(),
  maxnumber: int(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
/** The solved challenge, sent as `captcha` in register, login (step 1) and forgotPwd. */
export const captchaSolutionSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().check(z.maxLength(128)),
  salt: z.string().check(z.maxLength(256)),
  signature: z.string().check(z.maxLength(128)),
  number: int().check(z.minimum(0)),
});
export type CaptchaSolution = z.infer<typeof captchaSolutionSchema>;

// ---------------------------------------------------------------------------------------------
// Member fields kept in the browser's `loginInfo` (spec section 3) and returned by login.
export const TWO_FACTOR_METHODS = ['none', 'sms', 'totp'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const memberSummarySchema = z.object({
  memberId: int(),
  userName: z.string(), // the login e-mail (spec: login sends `email` from the username field)
  nickname: z.string(),
  email: z.string(),
  mobile: z.nullable(z.string()),
  emailVerified: z.boolean(),
  mobileVerified: z.boolean(),
  roleId: int(),
  accountType: z.enum(['individual', 'institutional']),
  twoFactor: z.enum(TWO_FACTOR_METHODS),
  referralCode: z.nullable(z.string()),
  language: z.nullable(z.string()),
  // Spec section 3 fields of identity verification and premier membership. The server always
  // sends them; the defaults only let a payload stored before they existed still parse.
  /** 1 individual, 2 institutional (spec section 3 `groupID`) */
  groupID: z._default(z.union([z.literal(1), z.literal(2)]), 1),
  /** the name on the verified identity document (or the company name); null until verified */
  realName: z._default(z.nullable(z.string()), null),
  /** the premier member application's state (kyc.ts PREMIER_STATES); null when none */
  kyc2ApplyResult: z._default(z.nullable(z.enum(PREMIER_STATES)), null),
  kycFlags: z._default(
    z.object({
      /** the KYC review asked for more documents (state insufficient) */
      insufficient: z.boolean(),
    }),
    { insufficient: false },
  ),
  /** country of residence (individual) or incorporation (institutional) from the KYC application */
  region: z._default(z.nullable(z.string()), null),
  /** the premier member application is approved */
  premier: z._default(z.boolean(), false),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** A session: short-lived access token (JWT) and a rotating refresh token. */
export const sessionTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** access token expiry, ms since epoch */
  expiredTime: int(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

// ---------------------------------------------------------------------------------------------
// POST /member/register (device type 3) and GET /member/registerValidation
export const ACCOUNT_TYPES = ['individual', 'institutional'] as const;
export const registerBodySchema = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  userName: z
    .string()
    .check(z.trim(), z.minLength(1, AccountMessage.usernameRequired), z.maxLength(USERNAME_MAX)),
  email: email(),
  mobile: mobile(),
  password: password(),
  confirmPassword: z.string().check(z.maxLength(200)),
  agreement: z.literal(true, AccountMessage.agreementRequired),
  privacyPolicy: z.literal(true, AccountMessage.agreementRequired),
  referralCode: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.toUpperCase(),
        z.maxLength(12),
        z.regex(/^$|^[A-Z0-9]{6,12}$/, AccountMessage.referralInvalid),
      ),
  ),
  /**
   * Registration through the partner (Coolbitx) sign-up: the partner's code, recorded as the
   * partner's referral with the account (refused with `partner_code_unknown` when no partner has
   * it). Sent instead of `referralCode`, or with the same code.
   */
  partnerCode: z.optional(partnerCodeSchema),
  captcha: captchaSolutionSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
export const registerResultSchema = z.object({
  memberId: int(),
  email: z.string(),
  mobile: z.string(),
  /** seconds until the codes sent at registration may be sent again */
  resendAfter: int(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** GET /member/registerValidation?field=referralCode&value=... (also field=email). */
export const registerValidationQuerySchema = z.object({
  field: z.enum(['email', 'referralCode']),
  value: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
});
export const registerValidationResultSchema = z.object({
  valid: z.boolean(),
  /** the spec's message when invalid ("Invalid Referral Code.", "email_taken", ...) */
  message: z.nullable(z.string()),
});
export { REFERRAL_CODE_PATTERN };

// ---------------------------------------------------------------------------------------------
// Contact verification. Guests (right after registering) identify the account by its e-mail
// (`userName`); codes go only to the address stored on that account, never to one in the body.
export const CONTACT_ACTIONS = ['email', 'mobile'] as const;
export const sendVerifyEmailCodeBodySchema = z.object({ userName: email() });
export const sendVerifySmsCodeBodySchema = z.object({ userName: email() });
export const sendCodeResultSchema = z.object({
  /** seconds until another code may be requested (the visible countdown) */
  resendAfter: int(),
  /** where it went, masked (a***@example.com, +8869****678) */
  sentTo: z.string(),
});
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

/** PUT /member/activation */
export const activationBodySchema = z.object({
  actionType: z.enum(CONTACT_ACTIONS),
  userName: email(),
  code: code(),
});
export const activationResultSchema = z.object({
  emailVerified: z.boolean(),
  mobileVerified: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// POST /member/login (device type 13). Step 1: e-mail, password and captcha (all required).
// When the account has 2FA the answer is `second_factor` with a ticket; step 2 sends the ticket
// and the code in google2FAToken (also for SMS) — and that is how a wallet sign-in
// (`siwe/login`) finishes its second step too, so step 2 needs neither e-mail nor password.
// A login from a device the account has not authorised is answered `device_authorization` and
// a link is e-mailed (unless the account has no device yet).
export const loginBodySchema = z.object({
  email: z.optional(email()),
  password: z.optional(anyPassword()),
  grant_type: z.literal('password'),
  source: z.literal(0),
  step: z.union([z.literal(1), z.literal(2)]),
  google2FAToken: z.optional(z.string().check(z.maxLength(16))),
  captcha: z.optional(captchaSolutionSchema),
  ticket: z.optional(opaqueToken()),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResultSchema = z.discriminatedUnion('result', [
  z.object({
    result: z.literal('success'),
    session: sessionTokensSchema,
    member: memberSummarySchema,
    /** the account lacks the Investor role: the browser offers addUserType */
    offerInvestorRole: z.boolean(),
    /**
     * a new device token for this browser (kept and sent back in DEVICE_HEADERS.deviceToken);
     * absent when the request carried a valid one
     */
    deviceToken: z.optional(z.string()),
  }),
  z.object({
    result: z.literal('second_factor'),
    method: z.enum(['sms', 'totp']),
    ticket: z.string(),
    /** for sms: masked destination of the code just sent */
    sentTo: z.nullable(z.string()),
  }),
  z.object({
    result: z.literal('device_authorization'),
    /** masked e-mail the authorisation link went to */
    sentTo: z.string(),
    /**
     * wallet sign-in: the device token this browser keeps; it works once the e-mailed link is
     * opened
     */
    deviceToken: z.optional(z.string()),
  }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /member/authorizeLoginDevice: the token from the e-mailed link. */
export const authorizeLoginDeviceBodySchema = z.object({ token: opaqueToken() });
export const authorizeLoginDeviceResultSchema = z.object({ authorized: z.literal(true) });

/** POST /member/refresh: rotates the refresh token. */
export const refreshBodySchema = z.object({ token: opaqueToken() });
export const refreshResultSchema = sessionTokensSchema;

/** POST /member/addUserType: add the Investor role (2). */
export const addUserTypeBodySchema = z.object({ userType: z.literal(2) });
export const addUserTypeResultSchema = z.object({ roleId: int() });

// ---------------------------------------------------------------------------------------------
// Two-step verification: POST /member/get2FASettings, POST /member/set2FASettings.
export const twoFactorSettingsSchema = z.object({
  method: z.enum(TWO_FACTOR_METHODS),
  mobile: z.nullable(z.string()), // masked
  mobileVerified: z.boolean(),
  /** ISO time until which withdrawals are locked after a change, or null */
  withdrawalLockedUntil: z.nullable(z.string()),
});
export type TwoFactorSettings = z.infer<typeof twoFactorSettingsSchema>;

/**
 * set2FASettings actions:
 * - `send-sms`: sends an SMS code to the verified mobile (to confirm enabling SMS, or as the
 *   current factor when SMS is on).
 * - `totp-setup`: creates a pending authenticator secret; answers the secret and otpauth URI.
 * - `enable-totp`: `code` from the new authenticator; `currentCode` when a factor is already on.
 *   Turns SMS off.
 * - `enable-sms`: `code` from the SMS; `currentCode` (authenticator) when TOTP is on.
 * - `disable`: `currentCode` of the factor that is on.
 * Every change locks withdrawals for 24 hours.
 */
export const set2FABodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('send-sms') }),
  z.object({ action: z.literal('totp-setup') }),
  z.object({
    action: z.literal('enable-totp'),
    code: code(),
    currentCode: z.optional(code()),
    password: anyPassword(),
  }),
  z.object({
    action: z.literal('enable-sms'),
    code: code(),
    currentCode: z.optional(code()),
    password: anyPassword(),
  }),
  z.object({ action: z.literal('disable'), currentCode: code(), password: anyPassword() }),
]);
export type Set2FABody = z.infer<typeof set2FABodySchema>;
export const set2FAResultSchema = z.object({
  settings: twoFactorSettingsSchema,
  /** only for totp-setup */
  totp: z.nullable(z.object({ secret: z.string(), otpauthUrl: z.string() })),
  /** only for send-sms */
  sms: z.nullable(sendCodeResultSchema),
});
export type Set2FAResult = z.infer<typeof set2FAResultSchema>;

// ---------------------------------------------------------------------------------------------
// Devices and activity: POST /member/getLoginDevices, getLoginDeviceLogs, revokeLoginDevice.
export const listQuerySchema = z.object({
  pageSize: z._default(int().check(z.minimum(1), z.maximum(100)), 20),
  pageNow: z._default(int().check(z.minimum(1)), 1),
  sortCol: z._default(z.literal('id'), 'id'),
  sortDir: z._default(z.enum(['asc', 'desc']), 'desc'),
  status: z.optional(int()),
  deviceID: z.optional(z.string().check(z.maxLength(64))),
});
export type ListQuery = z.input<typeof listQuerySchema>;

export const loginDeviceSchema = z.object({
  id: int(),
  deviceID: z.string(),
  clientId: z.string(),
  deviceType: int(),
  device: z.string(), // e.g. "Chrome on Linux"
  os: z.string(),
  ip: z.string(),
  position: z.nullable(z.string()),
  loginTime: z.string(), // ISO
  status: int(), // 1 authorised, 0 pending authorisation, 2 revoked
  current: z.boolean(),
});
export type LoginDevice = z.infer<typeof loginDeviceSchema>;
export const loginDeviceListSchema = z.object({ list: z.array(loginDeviceSchema), total: int() });

/** getLoginDeviceLogs: the same list fields with the spec's defaults (10 per page, id ascending). */
export const loginDeviceLogQuerySchema = z.extend(listQuerySchema, {
  pageSize: z._default(int().check(z.minimum(1), z.maximum(100)), 10),
  sortDir: z._default(z.enum(['asc', 'desc']), 'asc'),
});

export const LOGIN_LOG_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'refresh_reuse',
  'device_authorized',
  'device_revoked',
  'password_changed',
  'password_reset',
  'two_factor_changed',
  'wallet_linked',
  'wallet_unlinked',
  'wallet_login_confirmed',
] as const;
export const loginDeviceLogSchema = z.object({
  id: int(),
  deviceID: z.nullable(z.string()),
  action: z.enum(LOGIN_LOG_ACTIONS),
  device: z.nullable(z.string()),
  ip: z.string(),
  time: z.string(), // ISO
});
export type LoginDeviceLog = z.infer<typeof loginDeviceLogSchema>;
export const loginDeviceLogListSchema = z.object({
  list: z.array(loginDeviceLogSchema),
  total: int(),
});

export const revokeLoginDeviceBodySchema = z.object({
  deviceType: z._default(int(), DEVICE_TYPE.login),
  clientId: z.string().check(z.minLength(1), z.maxLength(64)),
});
export const revokeLoginDeviceResultSchema = z.object({ revokedSessions: int() });

// ---------------------------------------------------------------------------------------------
// Passwords and profile.
/** POST /member/forgotPwd: the same answer whether or not the e-mail exists. */
export const forgotPwdBodySchema = z.object({ email: email(), captcha: captchaSolutionSchema });
export const forgotPwdResultSchema = z.object({ sent: z.literal(true) });
/**
 * POST /member/resetPwd: token from the e-mailed link (single use, 30 minutes). `unlinkWallets`
 * (default true) unlinks every wallet of the account; false keeps them, but wallet sign-in is
 * refused (`wallet_login_suspended`) until the member opens the link e-mailed with the reset.
 */
export const resetPwdBodySchema = z.object({
  token: opaqueToken(),
  password: password(),
  confirmPassword: z.string().check(z.maxLength(200)),
  unlinkWallets: z._default(z.boolean(), true),
});
export const resetPwdResultSchema = z.object({
  reset: z.literal(true),
  /** wallets unlinked by the reset */
  unlinkedWallets: int(),
  /** kept wallets wait for the e-mailed confirmation before they sign in again */
  walletLoginSuspended: z.boolean(),
});
/** POST /member/confirmWalletLogin: the token of the link e-mailed by a password reset. */
export const confirmWalletLoginBodySchema = z.object({ token: opaqueToken() });
export const confirmWalletLoginResultSchema = z.object({ confirmed: z.literal(true) });
/** POST /member/updatePwd: other sessions end. */
export const updatePwdBodySchema = z.object({
  oldPassword: anyPassword(),
  password: password(),
  confirmPassword: z.string().check(z.maxLength(200)),
});
export const updatePwdResultSchema = z.object({ endedSessions: int() });
/** POST /member/ico/modifyNickname */
export const modifyNicknameBodySchema = z.object({
  nickname: z
    .string()
    .check(z.trim(), z.minLength(1, AccountMessage.usernameRequired), z.maxLength(USERNAME_MAX)),
});
export const modifyNicknameResultSchema = z.object({ nickname: z.string() });
/**
 * POST /member/setPreferedSettings (the spec's spelling): the member's language, stored before
 * a language change and applied at the next login on another device.
 */
export const preferedSettingsBodySchema = z.object({ language: z.enum(LOCALES) });
export const preferedSettingsResultSchema = z.object({ language: z.enum(LOCALES) });
/** POST /member/logout */
export const logoutResultSchema = z.object({ loggedOut: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Linked wallets (EIP-4361). POST /member/siwe/nonce, /member/siwe/link, /member/siwe/login,
// /member/siwe/unlink, /member/siwe/wallets.
export const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
export const siweNonceBodySchema = z.object({ purpose: z.enum(['link', 'login', 'alliance']) });
export const siweNonceResultSchema = z.object({
  nonce: z.string(),
  /** the domain and URI the message must name, and the allowed chain id */
  domain: z.string(),
  uri: z.string(),
  chainId: int(),
  statement: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
});
export type SiweNonceResult = z.infer<typeof siweNonceResultSchema>;
export const siweSignedBodySchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(4000)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/), z.maxLength(20000)),
});
/** siwe/login answers like login step 1 (`loginResultSchema`); step 2 goes to `login`. */
export const siweLoginBodySchema = siweSignedBodySchema;
/** siwe/link: the signed message plus the password and, when two-step is on, its current code. */
export const siweLinkBodySchema = z.object({
  message: siweSignedBodySchema.shape.message,
  signature: siweSignedBodySchema.shape.signature,
  password: anyPassword(),
  code: z.optional(code()),
});
export type SiweLinkBody = z.infer<typeof siweLinkBodySchema>;
export const linkedWalletSchema = z.object({
  address: z.string(),
  chainId: int(),
  linkedAt: z.string(),
});
export type LinkedWallet = z.infer<typeof linkedWalletSchema>;
export const linkedWalletListSchema = z.object({ list: z.array(linkedWalletSchema) });
export const siweUnlinkBodySchema = z.object({ address: addressSchema, code: code() });

// ---------------------------------------------------------------------------------------------
// Dev outbox: GET /dev/outbox?to=<e-mail or mobile>&limit=n (not in production).
export const outboxMessageSchema = z.object({
  id: int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.nullable(z.string()),
  body: z.string(),
  /** a 6-digit code or a link carried by the message, for tests and the dev page */
  code: z.nullable(z.string()),
  link: z.nullable(z.string()),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListSchema = z.array(outboxMessageSchema);

const retryAtSchema = z.object({ retryAt: z.iso.datetime() });

/**
 * When a `login_delayed` refusal's wait ends: its `retryAt` (sent by the per-account
 * authenticator-code limit) rounded up to the minute, else null (a password delay states only
 * the seconds).
 */
export function delayedUntil(data: unknown): Date | null {
  const parsed = retryAtSchema.safeParse(data);
  if (!parsed.success) return null;
  const ms = Date.parse(parsed.data.retryAt);
  return Number.isNaN(ms) ? null : new Date(Math.ceil(ms / 60_000) * 60_000);
}

/** Stable message keys of auth refusals (the browser translates them in `errors`). */
export const AuthError = {
  invalidCredentials: 'invalid_credentials',
  loginDelayed: 'login_delayed',
  captchaInvalid: 'captcha_invalid',
  codeWrong: AccountMessage.codeWrong,
  codeExpired: 'code_expired',
  resendTooSoon: 'resend_too_soon',
  emailTaken: 'email_taken',
  referralInvalid: AccountMessage.referralInvalid,
  passwordMismatch: AccountMessage.passwordMismatch,
  linkInvalid: 'Please confirm that the link is valid',
  ticketInvalid: 'ticket_invalid',
  sessionRevoked: 'session_revoked',
  twoFactorRequired: 'two_factor_required',
  mobileNotVerified: 'mobile_not_verified',
  siweInvalid: 'siwe_invalid',
  walletTaken: 'wallet_taken',
  walletNotLinked: 'wallet_not_linked',
  /** wallet sign-in after a password reset that kept the wallets, before the e-mailed link */
  walletLoginSuspended: 'wallet_login_suspended',
} as const;
