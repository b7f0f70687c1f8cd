/**
 * Withdrawal numbers the spec leaves open (platform-account-wallet sections 5 and 9), decided
 * like a real exchange and shown by the browser as well as enforced by the server. All amounts
 * are decimal strings in whole units of the currency (parse with `parseAmount`).
 *
 * Decisions (README):
 * - Minimum and network fee are per currency AND network: a fee covers what the network costs
 *   the platform (Ethereum gas is dearer than TRON energy, a Bitcoin output is cheap but the
 *   coin is dear). The fee is charged on top of the amount: the recipient receives exactly the
 *   amount requested and the member's available balance must cover amount + fee.
 * - The rolling 24-hour limit is one figure per member level in USDT equivalent, summed over
 *   every currency: the USDT value of each request is fixed at request time from the price
 *   feed (`app.wallet.prices`) and stored with it, so a later price move does not change what
 *   was used. The amount counts, not the fee. Requests that failed (refunded) do not count.
 * - Level 0 members cannot withdraw at all (identity verification is required first), so the
 *   level 0 limit is 0.
 */
import type { MemberLevel } from '../membership/levels';
import type { WithdrawalCurrency, WithdrawalNetworkId } from './networks';

export interface WithdrawalNetworkRule {
  /** smallest amount the member may request (the spec's "Minimum Withdrawal") */
  readonly minimum: string;
  /** network fee charged on top of the amount */
  readonly fee: string;
}

/** Minimum and fee by currency and network (only the allowed pairs of networks.ts). */
export const WITHDRAWAL_RULES: Readonly<
  Record<WithdrawalCurrency, Partial<Record<WithdrawalNetworkId, WithdrawalNetworkRule>>>
> = {
  USDT: {
    TRC20: { minimum: '10', fee: '1' },
    ERC20: { minimum: '20', fee: '5' },
  },
  USDC: {
    ERC20: { minimum: '20', fee: '5' },
  },
  BCNT: {
    ERC20: { minimum: '100', fee: '20' },
  },
  ETH: {
    ETH: { minimum: '0.01', fee: '0.002' },
  },
  BTC: {
    BTC_LEGACY: { minimum: '0.001', fee: '0.0005' },
    BTC_NESTED_SEGWIT: { minimum: '0.001', fee: '0.0004' },
    BTC_NATIVE_SEGWIT: { minimum: '0.001', fee: '0.0003' },
  },
};

/** The rule of a currency on a network, or undefined when that pair cannot be withdrawn. */
export function withdrawalRule(
  currency: string,
  network: string,
): WithdrawalNetworkRule | undefined {
  return (WITHDRAWAL_RULES as Record<string, Record<string, WithdrawalNetworkRule> | undefined>)[
    currency
  ]?.[network];
}

/** Rolling 24-hour withdrawal limit in USDT equivalent by member level (0-4). */
export const WITHDRAWAL_DAILY_LIMIT_USDT: Readonly<Record<MemberLevel, string>> = {
  0: '0',
  1: '20000',
  2: '50000',
  3: '100000',
  4: '200000',
};

/** The window of the rolling limit: the 24 hours before the request. */
export const WITHDRAWAL_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * BCNT rewards are withdrawable only from subscriptions held over 30 days (spec section 5):
 * a reward credit becomes withdrawable once its subscription is older than this.
 */
export const BCNT_REWARD_HOLDING_DAYS = 30;

/** Withdrawals are processed from 10:00 UTC+8 on the next working day (done before 13:00). */
export const WITHDRAWAL_PROCESSING_HOUR = 10;
/** What the member is told: processed before 13:00 (UTC+8) on the next working day. */
export const WITHDRAWAL_DEADLINE_HOUR = 13;
