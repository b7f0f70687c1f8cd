import { formatDate, formatDateTime } from '../../../lib/date-format';
import { formatAmountAt } from '../../../lib/format-amount';
import { parseAmount } from '../../../shared/money/decimal';

/**
 * BinFi's figures as a member reads them: USDT amounts exact as bigints with 2 places (cut
 * towards zero) and a per-unit payout with up to 6; dates and times in UTC+8 ("(UTC+8)" after
 * them in the texts).
 */
const READ_DECIMALS = 18;

export function formatUsdt(text: string, places = 2): string {
  const units = parseAmount(text.trim(), READ_DECIMALS);
  if (units === null) return text;
  return `${formatAmountAt(units, READ_DECIMALS, places)} USDT`;
}

export function formatBcnt(text: string): string {
  const units = parseAmount(text.trim(), READ_DECIMALS);
  if (units === null) return text;
  return `${formatAmountAt(units, READ_DECIMALS, 0)} BCNT`;
}

/** An atomic amount of a token with `decimals`, with 2 places. */
export function formatAtomicUsdt(units: bigint, decimals: number): string {
  return `${formatAmountAt(units, decimals, 2)} USDT`;
}

export function formatAtomicBcnt(units: bigint, decimals: number): string {
  return `${formatAmountAt(units, decimals, 0)} BCNT`;
}

export function day(iso: string | null): string {
  return iso ? formatDate(iso) : '–';
}

export function dayTime(iso: string | null): string {
  return iso ? `${formatDateTime(iso)} (UTC+8)` : '–';
}

/** units x price, exactly. */
export function unitsTimes(units: number, price: string): string {
  const value = parseAmount(price.trim(), READ_DECIMALS);
  if (value === null) return price;
  return formatUsdt(formatPlain(value * BigInt(units)));
}

function formatPlain(units: bigint): string {
  const scale = 10n ** BigInt(READ_DECIMALS);
  const whole = units / scale;
  const fraction = (units % scale).toString().padStart(READ_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
