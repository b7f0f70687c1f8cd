/**
 * Withdrawals and the saved-address book of the custodial wallet (spec platform-account-wallet
 * sections 3, 5, 7, 9): the contract between the gateway and the browser. All calls are
 * authenticated members' calls under `/api/v1`:
 *
 * - `GET /user/address?currency=`          saved addresses (all, or one currency's)
 * - `POST /user/address`                   add one (second factor `code` required)
 * - `DELETE /user/address`                 body { id }
 * - `PATCH /user/address/default`          body { id }: the default of its currency + network
 * - `GET /user/WithdrawInfo?currency=`     networks, minimum, fee, balance, 24h limit, lock
 * - `POST /user/Withdraw/sendCode`         an SMS code for the withdrawal (SMS members)
 * - `POST /user/Withdraw`                  request a withdrawal (Idempotency-Key header)
 * - `GET /user/Withdraw?currency=&page=&pageSize=`  the member's withdrawals, newest first
 *
 * Amounts are decimal strings in whole units; times ISO 8601 (UTC).
 */
import * as z from 'zod/mini';
import { CODE_PATTERN, AccountMessage } from '../validation/account';
import { WITHDRAWAL_NETWORK_IDS } from '../constants/networks';
import { walletAmountSchema, walletCurrencySchema, WalletError } from './wallet';

const int = () => z.number().check(z.int());
const secondFactorCode = () =>
  z.string().check(z.trim(), z.regex(CODE_PATTERN, AccountMessage.codeWrong));

export const withdrawalNetworkSchema = z.enum(WITHDRAWAL_NETWORK_IDS);

/** Message keys of withdrawal and address-book refusals (spec texts verbatim where given). */
export const WithdrawError = {
  minimum: 'Minimum Withdrawal',
  limitExceeded: 'Withdrawal limit exceed',
  insufficientBalance: WalletError.insufficientBalance,
  /** withdrawals locked for 24 hours after a two-step or password change (data.lockedUntil) */
  locked: 'withdrawal_locked',
  /** the member has no second factor on: enable SMS or the authenticator first */
  twoFactorNotEnabled: 'two_factor_not_enabled',
  networkNotAllowed: 'network_not_allowed',
  /** BCNT needs identity verification */
  bcntKycRequired: 'bcnt_kyc_required',
  /** no BCNT withdrawal while an identity re-review is under review */
  bcntKycUnderReview: 'bcnt_kyc_under_review',
  /** spec: "Not a qualifying subscription over a month" (data.withdrawable) */
  bcntRewardLocked: 'bcnt_reward_locked',
  addressNotFound: 'address_not_found',
  addressBookFull: 'address_book_full',
  addressDuplicate: 'address_duplicate',
  withdrawalNotFound: 'withdrawal_not_found',
} as const;

/** Name of a saved address: 1-30 characters after trimming. */
export const ADDRESS_NAME_MAX = 30;
export const AddressNameMessage = {
  required: 'address_name_required',
  tooLong: 'address_name_too_long',
} as const;
export const addressNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, AddressNameMessage.required),
    z.maxLength(ADDRESS_NAME_MAX, AddressNameMessage.tooLong),
  );

// ---- address book ----------------------------------------------------------------------------
export const savedAddressSchema = z.object({
  id: int(),
  name: z.string(),
  currency: walletCurrencySchema,
  network: withdrawalNetworkSchema,
  /** normalised (EIP-55 for EVM, lower-case bech32) */
  address: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const addressListQuerySchema = z.object({ currency: z.optional(walletCurrencySchema) });
export const addressListSchema = z.object({
  items: z.array(savedAddressSchema),
  /** how many the member has saved in total (every currency) */
  count: int(),
  /** MAX_SAVED_ADDRESSES */
  max: int(),
});
export type AddressList = z.infer<typeof addressListSchema>;

export const addAddressBodySchema = z.object({
  name: addressNameSchema,
  currency: walletCurrencySchema,
  network: withdrawalNetworkSchema,
  /** checked per network on the server (checkWithdrawalAddress) */
  address: z.string().check(z.trim(), z.maxLength(120)),
  isDefault: z.optional(z.boolean()),
  /** the member's second factor (SMS or authenticator) */
  code: secondFactorCode(),
  /** re-authentication: the member's current password */
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type AddAddressBody = z.infer<typeof addAddressBodySchema>;

export const addressIdBodySchema = z.object({ id: int().check(z.positive()) });
export type AddressIdBody = z.infer<typeof addressIdBodySchema>;

// ---- WithdrawInfo ----------------------------------------------------------------------------
export const withdrawInfoQuerySchema = z.object({ currency: walletCurrencySchema });

export const withdrawNetworkInfoSchema = z.object({
  network: withdrawalNetworkSchema,
  label: z.string(),
  minimum: walletAmountSchema,
  fee: walletAmountSchema,
  confirmations: int(),
});
export type WithdrawNetworkInfo = z.infer<typeof withdrawNetworkInfoSchema>;

export const withdrawLimitSchema = z.object({
  level: int(),
  /** rolling 24-hour limit of the member's level, USDT equivalent */
  dailyLimitUsdt: walletAmountSchema,
  usedUsdt: walletAmountSchema,
  remainingUsdt: walletAmountSchema,
  /** the remaining limit in the currency asked for, at the current price (rounded down) */
  remaining: walletAmountSchema,
});
export type WithdrawLimit = z.infer<typeof withdrawLimitSchema>;

export const bcntRulesSchema = z.object({
  identityVerified: z.boolean(),
  kycUnderReview: z.boolean(),
  /** BCNT that may be withdrawn now (rewards of subscriptions held under 30 days excluded) */
  withdrawable: walletAmountSchema,
});
export type BcntRules = z.infer<typeof bcntRulesSchema>;

export const withdrawInfoSchema = z.object({
  currency: walletCurrencySchema,
  available: walletAmountSchema,
  networks: z.array(withdrawNetworkInfoSchema),
  limit: withdrawLimitSchema,
  /** withdrawals locked until then (after a two-step or password change), or null */
  lockedUntil: z.nullable(z.string()),
  /** the second factor a withdrawal asks for */
  twoFactorMethod: z.enum(['none', 'sms', 'totp']),
  kycVerified: z.boolean(),
  /** only for BCNT */
  bcnt: z.nullable(bcntRulesSchema),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoSchema>;

// ---- Withdraw --------------------------------------------------------------------------------
export const withdrawBodySchema = z.object({
  currency: walletCurrencySchema,
  network: withdrawalNetworkSchema,
  /** a typed address, or `addressId` of a saved one */
  address: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  addressId: z.optional(int().check(z.positive())),
  /** decimal string in whole units; format and decimals checked per currency on the server */
  amount: z.string().check(z.trim(), z.maxLength(100)),
  code: secondFactorCode(),
});
export type WithdrawBody = z.infer<typeof withdrawBodySchema>;

export const WITHDRAWAL_STATUSES = [
  /** funds moved to pending, waiting for the processing time */
  'queued',
  /** claimed by the processor: being signed and sent */
  'processing',
  /** on the network, waiting for confirmations (txHash set) */
  'broadcast',
  'completed',
  /** not sent; the amount and fee went back to the available balance */
  'failed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const withdrawalSchema = z.object({
  id: int(),
  currency: walletCurrencySchema,
  network: withdrawalNetworkSchema,
  address: z.string(),
  amount: walletAmountSchema,
  fee: walletAmountSchema,
  status: z.enum(WITHDRAWAL_STATUSES),
  txHash: z.nullable(z.string()),
  /** processing starts then (10:00 UTC+8 of the next working day) */
  dueAt: z.string(),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalHistoryQuerySchema = z.object({
  currency: z.optional(walletCurrencySchema),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
});
export type WithdrawalHistoryQuery = z.infer<typeof withdrawalHistoryQuerySchema>;

export const withdrawalHistorySchema = z.object({
  items: z.array(withdrawalSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type WithdrawalHistory = z.infer<typeof withdrawalHistorySchema>;

export const sendWithdrawCodeResultSchema = z.object({
  resendAfter: int(),
  sentTo: z.string(),
});
export type SendWithdrawCodeResult = z.infer<typeof sendWithdrawCodeResultSchema>;
