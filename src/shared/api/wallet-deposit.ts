/**
 * Deposit call of the custodial wallet (spec platform-account-wallet sections 2, 3, 7 and 9):
 * `GET /api/v1/user/WalletDepositInfo?currency=` (authenticated, identity verified). Rules in
 * shared/constants/deposit-rules.ts.
 *
 * Amounts are decimal strings in whole units of the currency; times are ISO 8601 (UTC).
 */
import * as z from 'zod/mini';
import { DEPOSIT_NETWORK_IDS } from '../constants/deposit-rules';
import { walletAmountSchema, walletCurrencySchema } from './wallet';

const int = () => z.number().check(z.int());

export const depositNetworkIdSchema = z.enum(DEPOSIT_NETWORK_IDS);

export const depositInfoQuerySchema = z.object({ currency: walletCurrencySchema });
export type DepositInfoQuery = z.infer<typeof depositInfoQuerySchema>;

export const depositNetworkInfoSchema = z.object({
  network: depositNetworkIdSchema,
  /** proper name of the network, shown untranslated (e.g. "Ethereum (ERC20)") */
  label: z.string(),
  /** the member's deposit address on this network */
  address: z.string(),
  /** confirmations before the deposit is credited */
  requiredConfirmations: int(),
  /**
   * the time from sending to credit, in seconds: on EVM networks derived from the configured
   * confirmations and the chain's block time; elsewhere the spec's times (section 9)
   */
  confirmationSeconds: z.object({ min: int(), max: int() }),
  /** EVM networks: the chain id the browser wallet pays on; null elsewhere */
  evmChainId: z.nullable(int()),
  /** ERC20: the token contract the browser wallet calls `transfer` on; null for ETH and non-EVM */
  tokenAddress: z.nullable(z.string()),
  /** on-chain decimals of the currency on this network */
  decimals: int(),
});
export type DepositNetworkInfo = z.infer<typeof depositNetworkInfoSchema>;

export const DEPOSIT_STATUSES = ['confirming', 'credited', 'orphaned', 'held'] as const;
export type DepositRecordStatus = (typeof DEPOSIT_STATUSES)[number];

export const depositRecordSchema = z.object({
  id: int(),
  currency: walletCurrencySchema,
  network: depositNetworkIdSchema,
  amount: walletAmountSchema,
  txHash: z.string(),
  /**
   * confirming: waiting for confirmations; credited: in the available balance; orphaned: the
   * transaction left the chain before it was confirmed; held: confirmed but over the deposit
   * limit, kept by the platform until support releases it.
   */
  status: z.enum(DEPOSIT_STATUSES),
  confirmations: int(),
  requiredConfirmations: int(),
  /** when the platform saw it */
  createdAt: z.string(),
  creditedAt: z.nullable(z.string()),
});
export type DepositRecord = z.infer<typeof depositRecordSchema>;

export const depositLimitSchema = z.object({
  /** the member level the limit follows (1 = limited, 2-4 = no limit) */
  memberLevel: int(),
  /** USDT equivalent per rolling window; null = no limit */
  limitUsdt: z.nullable(walletAmountSchema),
  /** credited + confirming deposits of the window, in USDT equivalent */
  usedUsdt: walletAmountSchema,
  /** what may still be deposited in the window; null = no limit */
  remainingUsdt: z.nullable(walletAmountSchema),
  windowHours: int(),
});
export type DepositLimit = z.infer<typeof depositLimitSchema>;

export const depositInfoSchema = z.object({
  currency: walletCurrencySchema,
  /** the networks the currency can be deposited on, in display order */
  networks: z.array(depositNetworkInfoSchema),
  /** the member's recent deposits of this currency, newest first */
  deposits: z.array(depositRecordSchema),
  limit: depositLimitSchema,
});
export type DepositInfo = z.infer<typeof depositInfoSchema>;
