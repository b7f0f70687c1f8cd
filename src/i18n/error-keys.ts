import type { AuthError } from '../shared/api/auth';
import { ErrorMessage } from '../shared/api/envelope';
import type { LoyaltyError } from '../shared/api/loyalty';
import type { PartnerError } from '../shared/api/partner';
import type { WalletError } from '../shared/api/wallet';
import type errors from './locales/en-US/errors.json';

/**
 * Server and client error messages -> keys of the `errors` namespace. The server sends stable
 * keys (`ErrorMessage`) or the spec's exact English texts; the HTTP client adds
 * 'network_error', 'invalid_response' and 'http_error'. Anything unknown is 'unexpected'.
 * Usage: `t(errorMessageKey(error.message), { ns: 'errors' })`.
 */

export type ErrorKey = keyof typeof errors;

type ServerMessage = (typeof ErrorMessage)[keyof typeof ErrorMessage];

/** Every stable server message: a new one in `ErrorMessage` fails the typecheck here. */
const SERVER_MESSAGE_KEYS = {
  [ErrorMessage.validation]: 'validationFailed',
  [ErrorMessage.badRequest]: 'badRequest',
  [ErrorMessage.unauthorized]: 'loginAgain',
  [ErrorMessage.jwtExpired]: 'loginAgain',
  [ErrorMessage.forbidden]: 'accessDenied',
  [ErrorMessage.notFound]: 'notFound',
  [ErrorMessage.rateLimited]: 'rateLimited',
  [ErrorMessage.payloadTooLarge]: 'payloadTooLarge',
  [ErrorMessage.unsupportedMediaType]: 'unsupportedMediaType',
  [ErrorMessage.internal]: 'serverBusy',
  [ErrorMessage.chainUnavailable]: 'chainUnavailable',
  [ErrorMessage.maintenance]: 'maintenance',
} as const satisfies Record<ServerMessage, ErrorKey>;

type AuthMessage = (typeof AuthError)[keyof typeof AuthError];

/**
 * Every identity refusal (contract `shared/api/auth.ts`; a type-only import keeps the auth schemas
 * out of any chunk that only translates errors): a new one fails the typecheck here.
 */
const AUTH_MESSAGE_KEYS = {
  invalid_credentials: 'auth.invalidCredentials',
  login_delayed: 'auth.loginDelayed',
  captcha_invalid: 'auth.captchaInvalid',
  'The code is wrong.': 'validation.codeWrong',
  code_expired: 'auth.codeExpired',
  resend_too_soon: 'auth.resendTooSoon',
  email_taken: 'auth.emailTaken',
  'Invalid Referral Code.': 'validation.referralInvalid',
  'Passwords do not match.': 'validation.passwordMismatch',
  'Please confirm that the link is valid': 'auth.linkInvalid',
  ticket_invalid: 'auth.ticketInvalid',
  session_revoked: 'auth.sessionRevoked',
  two_factor_required: 'auth.twoFactorRequired',
  mobile_not_verified: 'auth.mobileNotVerified',
  siwe_invalid: 'auth.siweInvalid',
  wallet_taken: 'auth.walletTaken',
  wallet_not_linked: 'auth.walletNotLinked',
  wallet_login_suspended: 'auth.walletLoginSuspended',
} as const satisfies Record<AuthMessage, ErrorKey>;

type LoyaltyMessage = (typeof LoyaltyError)[keyof typeof LoyaltyError];

/** Every refusal of the loyalty calls (contract `shared/api/loyalty.ts`, type-only import). */
const LOYALTY_MESSAGE_KEYS = {
  alliance_no_nft: 'loyalty.allianceNoNft',
  alliance_taken: 'loyalty.allianceTaken',
  alliance_not_registered: 'loyalty.allianceNotRegistered',
  alliance_address_mismatch: 'loyalty.allianceAddressMismatch',
} as const satisfies Record<LoyaltyMessage, ErrorKey>;

type PartnerMessage = (typeof PartnerError)[keyof typeof PartnerError];

/** Every refusal about a partner code (contract `shared/api/partner.ts`, type-only import). */
const PARTNER_MESSAGE_KEYS = {
  partner_code_unknown: 'partner.codeUnknown',
} as const satisfies Record<PartnerMessage, ErrorKey>;

type WalletMessage = (typeof WalletError)[keyof typeof WalletError];

/** Refusals every money-moving wallet call can answer (contract `shared/api/wallet.ts`). */
const WALLET_MESSAGE_KEYS = {
  idempotency_key_required: 'wallet.idempotencyKeyRequired',
  idempotency_key_reused: 'wallet.idempotencyKeyReused',
  'Not enough available balance': 'validation.insufficientBalance',
} as const satisfies Record<WalletMessage, ErrorKey>;

export const MESSAGE_KEYS: Readonly<Record<string, ErrorKey>> = {
  ...SERVER_MESSAGE_KEYS,
  ...AUTH_MESSAGE_KEYS,
  ...LOYALTY_MESSAGE_KEYS,
  ...PARTNER_MESSAGE_KEYS,
  ...WALLET_MESSAGE_KEYS,
  'Access denied from this IP address.': 'accessDenied',
  // a campaign page whose slug names no campaign (shared/api/programs.ts CampaignError)
  campaign_not_found: 'campaignNotFound',
  network_error: 'network',
  invalid_response: 'serverBusy',
  http_error: 'serverBusy',
  'Failed to copy texts.': 'copyFailed',
  // validation texts of spec section 5 (also the messages of the shared zod schemas)
  'Incorrect email format': 'validation.emailFormat',
  'Incorrect mobile format': 'validation.mobileFormat',
  'Phone Number must not be blank!!': 'validation.phoneRequired',
  'The code is wrong.': 'validation.codeWrong',
  '8-128 characters with letter and number': 'validation.passwordRule',
  'Passwords do not match.': 'validation.passwordMismatch',
  'Please insert passwords and confirm the passwords are same.': 'validation.passwordsRequired',
  'Invalid Referral Code.': 'validation.referralInvalid',
  'Please Fill in the Username.': 'validation.usernameRequired',
  'Recipient address is invalid.': 'validation.recipientAddressInvalid',
  'The address format is incorrect.': 'validation.addressFormat',
  'Min Conversion Quantity': 'validation.minConversion',
  'Minimum Withdrawal': 'validation.minWithdrawal',
  'Withdrawal limit exceed': 'validation.withdrawalLimit',
  'Not enough available balance': 'validation.insufficientBalance',
  'Incorrect ID No. format': 'validation.idFormat',
  agreement_required: 'validation.agreementRequired',
};

export function errorMessageKey(message: string | null | undefined): ErrorKey {
  return (message && MESSAGE_KEYS[message]) || 'unexpected';
}
