/**
 * The figures of the withdrawal form, in exact bigint atomic units (never floats): what may be
 * spent, the Max amount, and the first problem of a typed amount. The fee is charged on top of
 * the amount (shared/constants/withdrawal-rules.ts): the recipient receives exactly the amount
 * and the available balance must cover amount + fee.
 */
import { formatAmountAt } from '../../../lib/format-amount';
import type { WalletCurrency } from '../../../shared/api/wallet';
import { WithdrawError, type WithdrawInfo } from '../../../shared/api/wallet-withdraw';
import { currencyByCode } from '../../../shared/constants/currencies';
import { displayDecimals } from '../../../shared/constants/precision';
import { checkAmount, formatAtomic, parseAmount } from '../../../shared/money/decimal';

export interface WithdrawFigures {
  currency: WalletCurrency;
  /** on-chain decimals of the currency */
  decimals: number;
  available: bigint;
  /** what may leave now: the available balance, for BCNT only the withdrawable part */
  spendable: bigint;
  fee: bigint;
  minimum: bigint;
  /** remaining rolling 24-hour limit in this currency (the amount counts, not the fee) */
  remaining: bigint;
}

export function currencyDecimals(currency: string): number {
  return currencyByCode(currency)?.decimals ?? 18;
}

/** A decimal string of the API in atomic units (0 for anything unparsable). */
export function toUnits(amount: string, decimals: number): bigint {
  return parseAmount(amount, decimals) ?? 0n;
}

export function withdrawFigures(
  info: WithdrawInfo,
  network: { fee: string; minimum: string },
): WithdrawFigures {
  const decimals = currencyDecimals(info.currency);
  const available = toUnits(info.available, decimals);
  const withdrawable = info.bcnt ? toUnits(info.bcnt.withdrawable, decimals) : available;
  return {
    currency: info.currency,
    decimals,
    available,
    spendable: withdrawable < available ? withdrawable : available,
    fee: toUnits(network.fee, decimals),
    minimum: toUnits(network.minimum, decimals),
    remaining: toUnits(info.limit.remaining, decimals),
  };
}

/**
 * The largest amount that passes: the spendable balance minus the fee, capped by the remaining
 * 24-hour limit; never negative.
 */
export function maxWithdrawAmount(figures: WithdrawFigures): bigint {
  const afterFee = figures.spendable - figures.fee;
  const max = afterFee < figures.remaining ? afterFee : figures.remaining;
  return max > 0n ? max : 0n;
}

/**
 * The first problem of a typed amount as a message key (the server's keys: amount_* of
 * decimal.ts, "Minimum Withdrawal", "Not enough available balance", "Withdrawal limit exceed",
 * bcnt_reward_locked), or null when it passes. Empty text is no problem yet (nothing to send).
 */
export function withdrawAmountProblem(text: string, figures: WithdrawFigures): string | null {
  if (text.trim() === '') return null;
  const problem = checkAmount(text, figures.decimals, {
    positive: true,
    min: figures.minimum,
    messages: { belowMin: WithdrawError.minimum },
  });
  if (problem) return problem;
  const units = parseAmount(text, figures.decimals) as bigint;
  if (units + figures.fee > figures.spendable) {
    return units + figures.fee <= figures.available
      ? WithdrawError.bcntRewardLocked
      : WithdrawError.insufficientBalance;
  }
  if (units > figures.remaining) return WithdrawError.limitExceeded;
  return null;
}

/**
 * An amount as the form shows it: grouped in the zh-TW format, with the Withdraw places of the
 * precision table, or more when the amount has more significant digits (a typed 0.00012 BTC is
 * shown whole, never cut to 0.0001 in a summary the member confirms).
 */
export function displayExact(units: bigint, currency: string): string {
  const decimals = currencyDecimals(currency);
  const fraction = formatAtomic(units < 0n ? -units : units, decimals).split('.')[1] ?? '';
  const places = Math.max(displayDecimals(currency, 'withdraw'), fraction.length);
  return formatAmountAt(units, decimals, Math.min(places, decimals));
}

/** A decimal string of the API shown exactly (see displayExact). */
export function displayExactText(amount: string, currency: string): string {
  return displayExact(toUnits(amount, currencyDecimals(currency)), currency);
}

/** "0x12ab…cdef": the start and end of an address or hash, for narrow cells. */
export function shortenMiddle(value: string, head = 6, tail = 4): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}
